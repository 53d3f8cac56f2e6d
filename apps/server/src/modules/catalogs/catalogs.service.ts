import type { CatalogsRepository } from './catalogs.repository';

/** The customer filter panel's choices (spec 03 §2.1): customer types and the levels customers have. */
export function createCatalogsService(repo: CatalogsRepository) {
  return {
    customerTypes: () => repo.customerTypes(),
    customerLevels: () => repo.customerLevels(),
  };
}
export type CatalogsService = ReturnType<typeof createCatalogsService>;
