/**
 * A small seeded generator (mulberry32) for demo histories: each member draws from its own
 * stream, so one member's history does not shift when another's rules change, and the same
 * seed always tells the same story.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    /** True with probability `p`. */
    chance: (p: number): boolean => next() < p,
    /** An integer from `min` to `max`, both included. */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    /** One of the weighted choices. */
    weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let left = next() * total;
      for (const [value, weight] of choices) {
        left -= weight;
        if (left < 0) return value;
      }
      return choices[choices.length - 1]![0];
    },
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
