/** Every query about one host (its certificate, its privileges) lives under this key, so an edit refreshes them together. */
export const hostKey = (id: string) => ['host', id] as const;
