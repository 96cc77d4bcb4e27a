/**
 * An in-memory stand-in for the part of IndexedDB lib/persistence.ts uses (jsdom has none). Events fire
 * asynchronously, in the order a browser fires them: the request's result first, then the transaction's completion.
 */

type Handler = ((this: unknown, event: Event) => unknown) | null;

class FakeRequest<T> {
  result: T | undefined;
  error: DOMException | null = null;
  onsuccess: Handler = null;
  onerror: Handler = null;
  onupgradeneeded: Handler = null;
  onblocked: Handler = null;
}

class FakeTransaction {
  error: DOMException | null = null;
  oncomplete: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  constructor(private readonly values: Map<string, unknown>) {}

  objectStore() {
    const request = <T>(operate: () => T) => {
      const pending = new FakeRequest<T>();
      queueMicrotask(() => {
        pending.result = operate();
        pending.onsuccess?.call(pending, new Event('success'));
        queueMicrotask(() => this.oncomplete?.call(this, new Event('complete')));
      });
      return pending;
    };
    return {
      get: (key: string) => request(() => this.values.get(key)),
      put: (value: unknown, key: string) => request(() => void this.values.set(key, structuredClone(value))),
      delete: (key: string) => request(() => void this.values.delete(key)),
      getAll: () => request(() => [...this.values.values()].map((value) => structuredClone(value))),
    };
  }
}

class FakeDatabase {
  onversionchange: Handler = null;
  private readonly stores = new Map<string, Map<string, unknown>>();

  readonly objectStoreNames = { contains: (name: string) => this.stores.has(name) };

  createObjectStore(name: string) {
    this.stores.set(name, new Map());
  }

  transaction(name: string) {
    const values = this.stores.get(name);
    if (!values) throw new DOMException(`No object store ${name}`, 'NotFoundError');
    return new FakeTransaction(values);
  }

  close() {}
}

export interface FakeIndexedDb {
  factory: IDBFactory;
  /** How many times the app opened the database. */
  openCount(): number;
}

/** A working IndexedDB whose databases live as long as this object. */
export function createFakeIndexedDb(): FakeIndexedDb {
  const databases = new Map<string, FakeDatabase>();
  let opened = 0;
  const open = (name: string) => {
    opened += 1;
    const request = new FakeRequest<FakeDatabase>();
    queueMicrotask(() => {
      const existing = databases.get(name);
      const database = existing ?? new FakeDatabase();
      databases.set(name, database);
      request.result = database;
      if (!existing) request.onupgradeneeded?.call(request, new Event('upgradeneeded'));
      request.onsuccess?.call(request, new Event('success'));
    });
    return request;
  };
  return { factory: { open } as unknown as IDBFactory, openCount: () => opened };
}

/** IndexedDB as Firefox's private mode has it: present, but every open fails. */
export function createFailingIndexedDb(): IDBFactory {
  const open = () => {
    const request = new FakeRequest<never>();
    request.error = new DOMException('A mutation operation was attempted on a database', 'InvalidStateError');
    queueMicrotask(() => request.onerror?.call(request, new Event('error')));
    return request;
  };
  return { open } as unknown as IDBFactory;
}
