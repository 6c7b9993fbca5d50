// Process-local news of a changed user row, for the session cache (docs/decisions/018-session-cache.md).
// The database trigger tells every instance through NOTIFY; on PostgreSQL that message travels on
// another connection and may arrive after this instance's next request, so the repositories that
// change users also tell this process directly.

type Listener = { forgetUser: (userId: string) => void };

// weak: a test builds many apps in one process, and a closed one must not be kept alive by this list
const listeners = new Set<WeakRef<Listener>>();

export function onUserChanged(listener: Listener) {
  listeners.add(new WeakRef(listener));
}

export function userChanged(userId: string) {
  for (const ref of listeners) {
    const l = ref.deref();
    if (l) l.forgetUser(userId);
    else listeners.delete(ref);
  }
}
