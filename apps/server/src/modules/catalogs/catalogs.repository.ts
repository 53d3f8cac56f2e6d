import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, customerTypes } from '../../db/schema';

/** The catalogue lists that are not a grid: the customer filter panel's choices. */
export function createCatalogsRepository(db: Db) {
  return {
    customerTypes() {
      return db.select().from(customerTypes).orderBy(asc(customerTypes.CustomerTypeCode));
    },

    customerLevels() {
      return db
        .selectDistinct({ CustomerLevelCode: customers.CustomerLevelCode })
        .from(customers)
        .orderBy(asc(customers.CustomerLevelCode));
    },
  };
}
export type CatalogsRepository = ReturnType<typeof createCatalogsRepository>;
