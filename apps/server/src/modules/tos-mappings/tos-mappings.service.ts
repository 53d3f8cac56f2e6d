import { type mappingJobModeGrid, type TosMappingGaps, type tariffMappingGrid, tosMappingMessages } from '@smartport/contract';
import type { GridSaveHooks } from '../../grid/grid-hooks';
import { badRequest } from '../../http/errors';
import type { TosMappingsRepository } from './tos-mappings.repository';

type Row = Record<string, unknown>;

/** The first row (1-based, as sent) naming a code `known` lacks, with the code; '*' and blank name nothing. */
async function firstUnknown(rows: readonly Row[], field: string, known: (codes: readonly string[]) => Promise<Set<string>>) {
  const codes = [...new Set(rows.map((r) => String(r[field] ?? '')).filter((v) => v !== '' && v !== '*'))];
  if (!codes.length) return null;
  const found = await known(codes);
  const i = rows.findIndex((r) => {
    const v = String(r[field] ?? '');
    return v !== '' && v !== '*' && !found.has(v);
  });
  return i < 0 ? null : { row: i + 1, code: String(rows[i]?.[field]) };
}

/**
 * The mapping grids checked on save (docs/decisions.md 'Mapping grids checked'): the job mode and cargo type of a
 * job-mode mapping are the catalogues', a tariff mapping's code is one the tariffs use (formats and duplicates are the
 * row schema's and the grid service's); and 'Kiểm tra': what has no mapping yet.
 */
export function createTosMappingsService(deps: { repo: TosMappingsRepository }) {
  const { repo } = deps;
  const mappingJobModeHooks: GridSaveHooks<typeof mappingJobModeGrid> = {
    async validate(rows) {
      const job = await firstUnknown(rows, 'JobModeCode', repo.knownJobModes);
      if (job) throw badRequest(tosMappingMessages.unknownJobMode(job.row, job.code));
      const cargo = await firstUnknown(rows, 'CargoTypeCode', repo.knownCargoTypes);
      if (cargo) throw badRequest(tosMappingMessages.unknownCargoType(cargo.row, cargo.code));
    },
  };
  const tariffMappingHooks: GridSaveHooks<typeof tariffMappingGrid> = {
    async validate(rows) {
      const tariff = await firstUnknown(rows, 'TariffCode', repo.knownTariffCodes);
      if (tariff) throw badRequest(tosMappingMessages.unknownTariff(tariff.row, tariff.code));
    },
  };
  return {
    mappingJobModeHooks,
    tariffMappingHooks,
    async gaps(): Promise<TosMappingGaps> {
      const [JobModes, TariffCodes] = await Promise.all([repo.unmappedJobModes(), repo.unmappedTariffCodes()]);
      return { JobModes, TariffCodes };
    },
  };
}
export type TosMappingsService = ReturnType<typeof createTosMappingsService>;
