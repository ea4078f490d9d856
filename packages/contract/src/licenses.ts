// Schemas of the licenses routes; see SPEC.md §7. Filled by the feature that owns these routes.
export {};
