/** The storage the client keeps its state in; window.localStorage in the browser, a Map in tests. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** api.md 7.1: the access token is kept in local storage. */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
  /** Called after every change, so the app can drop user data and re-run its route guards. */
  subscribe(listener: () => void): () => void;
}

export const ACCESS_TOKEN_KEY = 'access_token';

export function createTokenStore(storage: KeyValueStorage | null, key = ACCESS_TOKEN_KEY): TokenStore {
  // Private browsing can refuse storage; the token then lives for the page only.
  let memory: string | null = null;
  const listeners = new Set<() => void>();
  const read = () => {
    try {
      return storage ? storage.getItem(key) : memory;
    } catch {
      return memory;
    }
  };
  const write = (value: string | null) => {
    memory = value;
    try {
      if (storage) {
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, value);
      }
    } catch {
      // memory keeps the value
    }
  };
  const notify = () => listeners.forEach((l) => l());
  return {
    get: () => read() || null,
    set(token) {
      if (read() === token) return;
      write(token);
      notify();
    },
    clear() {
      if (read() === null) return;
      write(null);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A storage held in memory (tests, or when the browser refuses local storage). */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

/** window.localStorage when it can be used, else null. */
export function browserStorage(): KeyValueStorage | null {
  try {
    if (typeof window === 'undefined' || !window.localStorage) return null;
    const probe = '__okul_probe__';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return null;
  }
}
