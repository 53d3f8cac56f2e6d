import type { AnyGrid } from '@smartport/contract';
import { App, Flex, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { GridCard } from './GridCard';
import type { GridValues } from './grid-rows';
import { useGrid } from './use-grid';
import { useLookupColumns } from './use-grid-lookups';

// The header form (antd Form, DatePicker, InputNumber) only for the grids that have a header: a plain grid's route
// does not fetch the date picker (less JavaScript per route).
const GridHeaderForm = lazy(() => import('./GridHeaderForm').then((m) => ({ default: m.GridHeaderForm })));

function Page({ entry, children }: { entry: AnyGrid; children: ReactNode }) {
  return (
    <Flex vertical gap={12}>
      {entry.pageTitle && (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {entry.pageTitle}
        </Typography.Title>
      )}
      {children}
      {entry.columns
        .filter((c) => c.hint)
        .map((c) => (
          <Typography.Text key={c.field} type="secondary">
            {c.title}: {c.hint}
          </Typography.Text>
        ))}
    </Flex>
  );
}

function PlainGridPage({ entry }: { entry: AnyGrid }) {
  const model = useGrid(entry);
  return (
    <Page entry={entry}>
      <GridCard model={model} headingLevel={entry.pageTitle ? 5 : 4} />
    </Page>
  );
}

/** A grid under its header: listed once the header's values pass its schema (its message otherwise), saved with them. */
function HeaderGridPage({ entry, header }: { entry: AnyGrid; header: NonNullable<AnyGrid['header']> }) {
  const { message } = App.useApp();
  const columns = useLookupColumns(header.columns);
  const [initial] = useState(() => {
    const defaults = header.schema.safeParse({});
    return defaults.success ? (defaults.data as GridValues) : null;
  });
  const [applied, setApplied] = useState<GridValues | null>(initial);
  const model = useGrid(entry, { filter: applied ? {} : null, header: applied ?? undefined });
  const apply = (values: GridValues) => {
    const checked = header.schema.safeParse(values);
    if (checked.success) setApplied(checked.data as GridValues);
    else void message.warning(checked.error.issues[0]?.message ?? '');
  };
  return (
    <Page entry={entry}>
      <Suspense fallback={null}>
        <GridHeaderForm columns={columns} initial={initial ?? {}} loading={model.loading} onApply={apply} />
      </Suspense>
      <GridCard model={model} headingLevel={entry.pageTitle ? 5 : 4} />
    </Page>
  );
}

/** The page an entry gets with no code of its own (spec 03 §1 common grid behaviour, its header above when it has one). */
export function GridPage({ entry }: { entry: AnyGrid }) {
  return entry.header ? <HeaderGridPage entry={entry} header={entry.header} /> : <PlainGridPage entry={entry} />;
}
