import { type R, REGION_ROOT_CODE, type Region, regionEntity } from '@cube/contract';
import { type CrudApi, cleanQuery, createCrudApi, type EntityInput } from './crud';
import { downloadFile } from './download';
import { request } from './request';

export type { Region };

/** A region row of `lazy-list` / `select`: the record plus whether it has children. */
export type RegionRow = Region & { hasChildren: boolean };

const writes = createCrudApi<RegionRow, EntityInput<typeof regionEntity>>(regionEntity.api);

/**
 * The region tree table's binding. Rows are keyed by `id`, but the tree links by division code
 * (`lazy-list?parentCode=`), so the codes of the rows seen are kept to ask for a row's children.
 */
export function createRegionApi(): CrudApi<RegionRow, EntityInput<typeof regionEntity>> {
  const codeOf = new Map<string, string>();
  return {
    detail: writes.detail,
    submit: writes.submit,
    remove: writes.remove,
    tree: {
      lazy: true,
      rootId: REGION_ROOT_CODE,
      load: async (parentId, query) => {
        const parentCode =
          parentId === undefined
            ? undefined
            : parentId === REGION_ROOT_CODE
              ? REGION_ROOT_CODE
              : codeOf.get(parentId);
        const { data } = await request.get<R<RegionRow[]>>(`${regionEntity.api}/lazy-list`, {
          params: cleanQuery({ ...query, parentCode }),
        });
        const rows = data.data ?? [];
        for (const row of rows) codeOf.set(row.id, row.code);
        return rows;
      },
    },
  };
}

/** `GET region/select?code=`: the children of a region (default the provinces), for pickers. */
export async function regionChildren(code: string = REGION_ROOT_CODE): Promise<RegionRow[]> {
  const { data } = await request.get<R<RegionRow[]>>(`${regionEntity.api}/select`, { params: { code } });
  return data.data ?? [];
}

export const exportRegions = (filters: Readonly<Record<string, unknown>>) =>
  downloadFile(`${regionEntity.api}/export-region`, filters, '行政区划数据.xlsx');

export const downloadRegionTemplate = () =>
  downloadFile(`${regionEntity.api}/export-template`, {}, '行政区划导入模板.xlsx');

export interface RegionImportResult {
  added: number;
  updated: number;
  skipped: number;
}

/** `POST region/import-region` (multipart `file`, `isCovered` 0/1); answers the counts and the server's message. */
export async function importRegions(file: Blob, fileName: string, covered: boolean) {
  const body = new FormData();
  body.append('isCovered', covered ? '1' : '0');
  body.append('file', file, fileName);
  const { data } = await request.post<R<RegionImportResult>>(`${regionEntity.api}/import-region`, body);
  return { result: data.data, msg: data.msg };
}
