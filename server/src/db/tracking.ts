/**
 * Change tracking for the store's data. Callers keep changing `store.data` in place and then call
 * `save()`; the data they see is a tree of proxies that notes which collection (top-level key)
 * each change touched, and for split collections which record, so a save serializes and writes
 * only those. Values put into the tree are stored unwrapped, so the plain data underneath never
 * holds a proxy (JSON.stringify and structuredClone of it stay on their fast paths).
 */

/** Where a change lands: a collection, and in a split collection the record (its top-level element). */
interface Owner {
  key: string;
  record?: object;
}

export interface Changes {
  /** Collections changed anywhere (a split one: replaced outright). */
  whole: Set<string>;
  /** Split collections whose list changed (records added, removed or moved). */
  lists: Set<string>;
  /** Records of split collections changed in place, by collection. */
  records: Map<string, Set<object>>;
}

function noChanges(): Changes {
  return { whole: new Set(), lists: new Set(), records: new Map() };
}

export class Tracker {
  #proxies = new WeakMap<object, object>();
  #targets = new WeakMap<object, object>();
  #owners = new WeakMap<object, Owner>();
  #changes = noChanges();

  /** `split`: collections stored as many files, one per group of records. */
  constructor(
    private readonly root: Record<string, unknown>,
    private readonly split: ReadonlySet<string>,
  ) {}

  /** Takes the changes noted since the last call. */
  take(): Changes {
    const c = this.#changes;
    this.#changes = noChanges();
    return c;
  }

  /** The plain value behind a proxy (or the value itself). */
  unwrap<T>(value: T): T {
    if (typeof value !== 'object' || value === null) return value;
    return (this.#targets.get(value) as T | undefined) ?? value;
  }

  get proxy(): Record<string, unknown> {
    return this.#wrap(this.root, { key: '' }) as Record<string, unknown>;
  }

  #note(owner: Owner, target: object, prop: PropertyKey) {
    if (owner.key === '') {
      if (typeof prop === 'string') this.#changes.whole.add(prop);
    } else if (owner.record) {
      let set = this.#changes.records.get(owner.key);
      if (!set) this.#changes.records.set(owner.key, (set = new Set()));
      set.add(owner.record);
    } else if (this.split.has(owner.key) && target === this.root[owner.key]) {
      this.#changes.lists.add(owner.key);
    } else {
      this.#changes.whole.add(owner.key);
    }
  }

  /** Values stored into the tree lose their proxies, all the way down (fresh objects may hold some). */
  #store(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value;
    const target = this.#targets.get(value);
    if (target) return target;
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'object' && v !== null) {
        const plain = this.#store(v);
        if (plain !== v) (value as Record<string, unknown>)[k] = plain;
      }
    }
    return value;
  }

  #wrap(target: object, owner: Owner): object {
    const known = this.#proxies.get(target);
    if (known) return known;
    this.#owners.set(target, owner);
    const childOwner = (parent: object, prop: PropertyKey, child: object): Owner => {
      if (owner.key === '') return { key: String(prop) };
      if (!owner.record && this.split.has(owner.key) && parent === this.root[owner.key]) {
        return { key: owner.key, record: child };
      }
      return owner;
    };
    const proxy = new Proxy(target, {
      get: (t, prop) => {
        const value = Reflect.get(t, prop) as unknown;
        if (typeof value !== 'object' || value === null) return value;
        return this.#wrap(value, childOwner(t, prop, value));
      },
      set: (t, prop, value) => {
        const ok = Reflect.set(t, prop, this.#store(value));
        this.#note(this.#owners.get(t) ?? owner, t, prop);
        return ok;
      },
      defineProperty: (t, prop, desc) => {
        if ('value' in desc) desc = { ...desc, value: this.#store(desc.value) };
        const ok = Reflect.defineProperty(t, prop, desc);
        this.#note(this.#owners.get(t) ?? owner, t, prop);
        return ok;
      },
      deleteProperty: (t, prop) => {
        const ok = Reflect.deleteProperty(t, prop);
        this.#note(this.#owners.get(t) ?? owner, t, prop);
        return ok;
      },
    });
    this.#proxies.set(target, proxy);
    this.#targets.set(proxy, target);
    return proxy;
  }
}
