import type { Database } from '../../db/client';

const codesOf = (rows: { code: string }[]) => new Set(rows.map((r) => r.code));

/** What the mapping checks read: the catalogues the rows name, and what has no mapping yet. */
export function createTosMappingsRepository(database: Database) {
  const q = database.query;
  return {
    knownJobModes: (codes: readonly string[]) =>
      q<{ code: string }>('select job_mode_code code from job_modes where job_mode_code = any($1::text[])', [[...codes]]).then(codesOf),
    knownCargoTypes: (codes: readonly string[]) =>
      q<{ code: string }>('select cargo_type_code code from cargo_types where cargo_type_code = any($1::text[])', [[...codes]]).then(
        codesOf,
      ),
    knownTariffCodes: (codes: readonly string[]) =>
      q<{ code: string }>(
        `select tariff_code code from standard_tariffs where tariff_code = any($1::text[])
         union select tariff_code from contract_tariffs where tariff_code = any($1::text[])`,
        [[...codes]],
      ).then(codesOf),

    /** Job modes of the catalogue with no mapping row the TOS uses (the delivery reads only those). */
    unmappedJobModes: () =>
      q<{ JobModeCode: string; JobModeName: string }>(
        `select j.job_mode_code "JobModeCode", j.job_mode_name "JobModeName" from job_modes j
          where not exists (select 1 from mapping_job_modes m where m.job_mode_code = j.job_mode_code and m.tos_used)
          order by j.job_mode_code`,
      ),

    /** Tariff codes of the standard and contract tariffs not yet expired, with no tariff mapping. */
    unmappedTariffCodes: () =>
      q<{ TariffCode: string; TariffName: string }>(
        `select t.tariff_code "TariffCode", min(t.tariff_name) "TariffName"
           from (select tariff_code, tariff_name, expire_date from standard_tariffs
                 union all select tariff_code, tariff_name, expire_date from contract_tariffs) t
          where t.expire_date >= now() and not exists (select 1 from tariff_mappings m where m.tariff_code = t.tariff_code)
          group by t.tariff_code order by t.tariff_code`,
      ),
  };
}
export type TosMappingsRepository = ReturnType<typeof createTosMappingsRepository>;
