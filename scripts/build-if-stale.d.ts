export function buildStale(): void;
export function buildStaleClient(): void;
