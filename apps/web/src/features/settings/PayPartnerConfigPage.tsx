import { type CatalogDef, payPartnerCatalog, payPartnerGridCalls } from '@smartport/contract';
import { useMemo } from 'react';
import { CatalogGridCard } from '../../components/data-grid/CatalogScreen';
import { useCatalogGrid } from '../../components/data-grid/use-catalog-grid';
import { session } from '../../lib/session';

/**
 * /config/pay_partner_config (spec 03 §2.5, §7): the payment partners per terminal on the one
 * editable grid (search, add, save); a changed row needs terminal, bank and partner codes
 * ('Vui lòng nhập đầy đủ thông tin'); the list reloads 1 s after a save. The terminal column
 * offers the user's own terminals.
 */
export default function PayPartnerConfigPage() {
  const def = useMemo<CatalogDef>(() => {
    const options = session.terminals().map((code) => ({ value: code, label: code }));
    return {
      ...payPartnerCatalog,
      columns: payPartnerCatalog.columns.map((c) => (c.field === 'TerminalCode' ? { ...c, options } : c)),
    };
  }, []);
  const model = useCatalogGrid({ def, calls: payPartnerGridCalls });
  // The grid's title is the screen's title (spec 03 §2.5).
  return <CatalogGridCard model={model} />;
}
