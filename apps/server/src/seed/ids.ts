/**
 * The fixed ids of seeded rows, allocated in one place. Ids are fixed so that the seed can run on every start
 * without duplicating anything and so that later seeds and tests can name these rows. Each area of the seed owns
 * a named part of the id space below; `seedIds(area)` gives the area its allocator, which hands out the id at an
 * offset of the area's space and refuses an offset outside the area's ranges or one handed out before. The areas
 * are checked against each other when this file loads, so two areas can never share an id.
 *
 * Adding rows: take the next free offsets of the area's range; a new area adds a line with the next free block.
 */

interface SeedArea {
  /** The id at offset 0; ids are `base + offset`. */
  base: bigint;
  /** Offsets the area may use, inclusive. */
  ranges: ReadonlyArray<readonly [first: number, last: number]>;
}

/** The first rows keep ids of the form `11235988<kind>738675<n>`, one kind per table, offsets 201–299. */
const first = (kind: number): SeedArea => ({
  base: BigInt(`11235988${kind}738675000`),
  ranges: [[201, 299]],
});

/** Every later area owns blocks of `1123598816000000000 + offset`. */
const BLOCK_BASE = 1123598816000000000n;
const block = (...ranges: Array<readonly [number, number]>): SeedArea => ({ base: BLOCK_BASE, ranges });

export const SEED_AREAS = {
  client: first(11),
  dept: first(13),
  menu: first(15),
  role: first(16),
  post: first(17),
  param: first(19),
  tenant: first(20),
  user: first(21),
  notice: first(22),
  topMenu: first(23),
  tenancy: block([100, 199]),
  users: block([200, 299]),
  authority: block([300, 399]),
  menus: block([400, 499]),
  dictionaries: block([500, 599]),
  logs: block([600, 699]),
  resources: block([700, 799]),
  site: block([800, 899]),
  leads: block([900, 999]),
  patent: block([1000, 1099]),
  signin: block([1100, 1199], [1300, 1349]),
  flow: block([1200, 1299]),
  online: block([1400, 1449]),
  /** The demo site's content: articles from 1001, products from 2001, certifications 3001, banners 4001. */
  siteContent: { base: 1123598826000000000n, ranges: [[1001, 4999]] },
} as const satisfies Record<string, SeedArea>;

export type SeedAreaName = keyof typeof SEED_AREAS;

/** Fails when two areas' ranges share an id. */
export function checkSeedAreas(areas: Readonly<Record<string, SeedArea>> = SEED_AREAS): void {
  const spans = Object.entries(areas)
    .flatMap(([name, area]) =>
      area.ranges.map(([from, to]) => ({ name, from: area.base + BigInt(from), to: area.base + BigInt(to) })),
    )
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  for (let i = 1; i < spans.length; i++) {
    const [before, after] = [spans[i - 1], spans[i]];
    if (before && after && after.from <= before.to)
      throw new Error(`seed id areas ${before.name} and ${after.name} overlap`);
  }
}
checkSeedAreas();

const handedOut = new Map<SeedAreaName, Set<number>>();

/** The allocator of an area: `id(n)` is the area's id at offset `n`, handed out once. */
export function seedIds(area: SeedAreaName): (offset: number) => string {
  const { base, ranges } = SEED_AREAS[area] as SeedArea;
  const taken = handedOut.get(area) ?? new Set<number>();
  handedOut.set(area, taken);
  return (offset) => {
    if (!Number.isInteger(offset) || !ranges.some(([from, to]) => offset >= from && offset <= to))
      throw new Error(`seed id offset ${offset} is outside the ${area} area`);
    if (taken.has(offset)) throw new Error(`seed id ${area}:${offset} is handed out twice`);
    taken.add(offset);
    return String(base + BigInt(offset));
  };
}
