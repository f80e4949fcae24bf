import { useEffect, useRef } from 'react';

/**
 * Asks again for what a panel under a record shows once the record's version changes (a save, an
 * erasure may change what points at it). Not on mount: the panel's own hook asks then already, and
 * asking twice cost each panel a second request and a second render of its rows.
 */
export function useRefetchOnVersion(version: number, refetch: () => unknown): void {
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);
}
