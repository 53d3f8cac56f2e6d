import type { ModuleHandlers } from '../../http/call-registry';
import { customsScanHandlers } from './customs-scan.routes';
import type { CustomsScanService } from './customs-scan.service';
import { declarationHandlers } from './declarations.routes';
import type { DeclarationService } from './declarations.service';

/** The customs module's calls: scans (367/363, log, voyages) and declarations. */
export function customsHandlers(scan: CustomsScanService, declarations: DeclarationService): ModuleHandlers<'customs'> {
  return { ...customsScanHandlers(scan), ...declarationHandlers(declarations) };
}
