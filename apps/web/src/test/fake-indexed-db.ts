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

/** How the next write fails: its request (the store refuses the value) or its commit (the disk is full). */
export type WriteFailure = { at: 'request' | 'commit'; error: DOMException | null };

/** What a test can make the fake do, as a browser's IndexedDB sometimes does. */
class Controls {
  nextWriteFailure: WriteFailure | null = null;
  /** While set, write transactions complete only when it resolves (a slow disk). */
  commitsHeld: Promise<void> | null = null;
}

const MODES = ['readonly', 'readwrite'];

class FakeTransaction {
  error: DOMException | null = null;
  oncomplete: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  constructor(
    private readonly values: Map<string, unknown>,
    private readonly mode: string,
    private readonly controls: Controls,
  ) {}

  private fire(name: 'complete' | 'error' | 'abort') {
    const handler = { complete: this.oncomplete, error: this.onerror, abort: this.onabort }[name];
    handler?.call(this, new Event(name));
  }

  /** Aborts as a browser does: the transaction's error, then (after a failed request) error, then abort. */
  private fail(failure: WriteFailure, request?: FakeRequest<unknown>) {
    this.error = failure.error;
    if (request) {
      request.error = failure.error;
      request.onerror?.call(request, new Event('error'));
      this.fire('error');
    }
    this.fire('abort');
  }

  private complete() {
    const held = this.mode === 'readwrite' ? this.controls.commitsHeld : null;
    if (held) void held.then(() => this.fire('complete'));
    else queueMicrotask(() => this.fire('complete'));
  }

  objectStore() {
    const request = <T>(operate: () => T, writes = false) => {
      if (writes && this.mode !== 'readwrite') {
        throw new DOMException('The transaction is read-only.', 'ReadOnlyError');
      }
      const pending = new FakeRequest<T>();
      const failure = writes ? this.controls.nextWriteFailure : null;
      if (failure) this.controls.nextWriteFailure = null;
      queueMicrotask(() => {
        if (failure?.at === 'request') return this.fail(failure, pending);
        pending.result = operate();
        pending.onsuccess?.call(pending, new Event('success'));
        if (failure) queueMicrotask(() => this.fail(failure));
        else this.complete();
      });
      return pending;
    };
    return {
      get: (key: string) => request(() => this.values.get(key)),
      put: (value: unknown, key: string) =>
        request(() => void this.values.set(key, structuredClone(value)), true),
      delete: (key: string) => request(() => void this.values.delete(key), true),
      getAll: () => request(() => [...this.values.values()].map((value) => structuredClone(value))),
    };
  }
}

class FakeDatabase {
  onversionchange: Handler = null;
  private readonly stores = new Map<string, Map<string, unknown>>();

  constructor(private readonly controls: Controls) {}

  readonly objectStoreNames = { contains: (name: string) => this.stores.has(name) };

  createObjectStore(name: string) {
    this.stores.set(name, new Map());
  }

  transaction(name: string, mode = 'readonly') {
    const values = this.stores.get(name);
    if (!values) throw new DOMException(`No object store ${name}`, 'NotFoundError');
    // A browser refuses a mode it does not know.
    if (!MODES.includes(mode)) throw new TypeError(`'${mode}' is not a valid transaction mode`);
    return new FakeTransaction(values, mode, this.controls);
  }

  close() {}
}

export interface FakeIndexedDb {
  factory: IDBFactory;
  /** How many times the app opened the database. */
  openCount(): number;
  /** The next write (put or delete) fails, at its request or at its commit, with `error`. */
  failNextWrite(failure: WriteFailure): void;
  /** Write transactions stop completing until `release()`: what waits for them is seen waiting. */
  holdCommits(): { release(): void };
}

/** A working IndexedDB whose databases live as long as this object. */
export function createFakeIndexedDb(): FakeIndexedDb {
  const databases = new Map<string, FakeDatabase>();
  const controls = new Controls();
  let opened = 0;
  const open = (name: string) => {
    opened += 1;
    const request = new FakeRequest<FakeDatabase>();
    queueMicrotask(() => {
      const existing = databases.get(name);
      const database = existing ?? new FakeDatabase(controls);
      databases.set(name, database);
      request.result = database;
      if (!existing) request.onupgradeneeded?.call(request, new Event('upgradeneeded'));
      request.onsuccess?.call(request, new Event('success'));
    });
    return request;
  };
  const holdCommits = () => {
    let release = () => {};
    controls.commitsHeld = new Promise<void>((resolve) => (release = resolve));
    return {
      release: () => {
        controls.commitsHeld = null;
        release();
      },
    };
  };
  return {
    factory: { open } as unknown as IDBFactory,
    openCount: () => opened,
    failNextWrite: (failure) => void (controls.nextWriteFailure = failure),
    holdCommits,
  };
}

/** IndexedDB as Firefox's private mode has it: present, but every open fails (with `error`, if the browser says). */
export function createFailingIndexedDb(
  error: DOMException | null = new DOMException(
    'A mutation operation was attempted on a database',
    'InvalidStateError',
  ),
): IDBFactory {
  const open = () => {
    const request = new FakeRequest<never>();
    request.error = error;
    queueMicrotask(() => request.onerror?.call(request, new Event('error')));
    return request;
  };
  return { open } as unknown as IDBFactory;
}

/** IndexedDB as a stuck browser has it: opening never answers. */
export function createHangingIndexedDb(): IDBFactory {
  return { open: () => new FakeRequest<never>() } as unknown as IDBFactory;
}
