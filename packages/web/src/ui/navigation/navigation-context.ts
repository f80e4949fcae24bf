import { createContext, use } from 'react';
import type { NavigationGroup } from './navigation-model.ts';

/** The signed-in user's navigation, provided by the app shell. */
export const NavigationContext = createContext<NavigationGroup[] | null>(null);

export function useNavigationGroups(): NavigationGroup[] {
  const groups = use(NavigationContext);
  if (!groups)
    throw new Error('useNavigationGroups() must be used inside the app shell (<NavigationContext>).');
  return groups;
}
