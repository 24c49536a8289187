import type { KeyValueStorage } from '../../api/token-store';

export const SELECTED_ORG_KEY = 'selectedOrganizationId';

/**
 * The chosen organisation. `id` is the one remembered in local storage (product.md 4: "selects the
 * organisation remembered in local storage, else the first one"); `cleared` is the clearOrg state of
 * product.md 2, in which the user picks again instead of getting the first one.
 */
export interface OrgSelection {
  id: string | null;
  cleared: boolean;
}

export interface OrgSelectionStore {
  /** A stable snapshot (same object until it changes), usable with useSyncExternalStore. */
  get(): OrgSelection;
  select(id: string): void;
  /** clearOrg: forget the choice and show the organisation picker. */
  clear(): void;
  /** Logout: forget the choice; the next sign-in starts with the first organisation again. */
  forget(): void;
  subscribe(listener: () => void): () => void;
}

export function createOrgSelectionStore(storage: KeyValueStorage | null): OrgSelectionStore {
  const read = (): string | null => {
    try {
      return storage?.getItem(SELECTED_ORG_KEY) || null;
    } catch {
      return null;
    }
  };
  const persist = (id: string | null) => {
    try {
      if (id === null) storage?.removeItem(SELECTED_ORG_KEY);
      else storage?.setItem(SELECTED_ORG_KEY, id);
    } catch {
      // the in-memory snapshot still holds it
    }
  };
  let snapshot: OrgSelection = { id: read(), cleared: false };
  const listeners = new Set<() => void>();
  const update = (next: OrgSelection) => {
    if (next.id === snapshot.id && next.cleared === snapshot.cleared) return;
    persist(next.id);
    snapshot = next;
    listeners.forEach((l) => l());
  };
  return {
    get: () => snapshot,
    select: (id) => update({ id, cleared: false }),
    clear: () => update({ id: null, cleared: true }),
    forget: () => update({ id: null, cleared: false }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
