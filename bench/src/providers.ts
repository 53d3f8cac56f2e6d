// The bench's row providers, in the order their rows are printed. Each is a module exporting
// `provider: RowProvider` (lib/table.ts); adding rows to the table is one import and one entry here.
import { provider as api } from './api';
import { provider as compare } from './compare';
import { provider as floor } from './floor';
import type { RowProvider } from './lib/table';
import { provider as load } from './load';
import { provider as startup } from './startup';
import { provider as stats } from './stats';
import { provider as statsScale } from './stats-scale';
import { provider as web } from './web';

/** The load runs after the quieter rows; start-up restarts the shared portal, so it comes last. */
export const providers: RowProvider[] = [api, compare, stats, statsScale, web, floor, load, startup];
