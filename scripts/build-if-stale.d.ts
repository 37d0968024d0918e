export function buildStale(): void;
