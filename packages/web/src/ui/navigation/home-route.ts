import { findRoute, type Role, type RouteName } from '@klubovna/shared';
import { mayOpen } from './navigation-model.ts';

/**
 * Where a person lands after signing in and on the index: their own page when it is for them (people
 * whom row rules limit: a member's, a parent's, a trainer's account), the index otherwise (the office).
 */
export function homeRoute(roles: readonly Role[]): RouteName {
  const own = findRoute('cms.myClub');
  return own?.active && mayOpen(own, { roles, trains: false }) ? 'cms.myClub' : 'cms.index';
}
