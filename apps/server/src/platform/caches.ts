/**
 * Server-side caches that `GET /api/cube-auth/oauth/clear-cache` empties. A module that caches something
 * registers how to clear it here; nothing else needs to know.
 */
export class CacheRegistry {
  private readonly clearers = new Map<string, () => Promise<void> | void>();

  register(name: string, clear: () => Promise<void> | void): void {
    this.clearers.set(name, clear);
  }

  async clear(): Promise<void> {
    for (const clear of this.clearers.values()) await clear();
  }
}
