import { CatalogScreen } from '../../components/data-grid/CatalogScreen';
import { type CatalogPageName, catalogScreens } from './catalog-screens';

/** The page component for one declared catalogue screen (loaded with the grid's chunk). */
export function catalogPage(name: CatalogPageName) {
  const screen = catalogScreens[name];
  return function CatalogPage() {
    return <CatalogScreen screen={screen} />;
  };
}
