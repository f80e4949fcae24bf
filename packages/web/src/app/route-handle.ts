import { useMatches } from 'react-router';

export interface RouteHandle {
  /** Name in the shared route table; gives the page title and the permission area. */
  routeName?: string;
}

/** The route-table name of the innermost matched route that has one. */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const name = (matches[index]?.handle as RouteHandle | undefined)?.routeName;
    if (name) return name;
  }
  return undefined;
}
