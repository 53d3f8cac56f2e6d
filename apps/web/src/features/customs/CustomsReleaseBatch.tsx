import type { Customs367Item, CustomsContainerRow } from '@smartport/contract';
import { App, Flex, Form } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContainerColumns } from './CustomsRelease';
import { cleanInput, type ResultColumn, statusColumn, UpperInput, useScanList } from './CustomsReleaseGrid';
import { ScanListScreen } from './ScanListScreen';

/** A scan list item (spec 01 §3): soTK, maDKHQ and the status customs gave. */
interface ListItem {
  soTK: string;
  maDKHQ: string;
  customsStatus: string;
}
const keyOf = (i: { soTK: string; maDKHQ: string }) => `${i.soTK}|${i.maDKHQ}`;
/** The answer's items by declaration/office, keyed as the list items are. */
const byDeclaration = (rows: Customs367Item[]) => new Map(rows.map((d) => [`${d.customsAppNo}|${d.declOffice}`, d]));

/** /Custom/CustomsReleaseBatch: a list of declaration/office pairs scanned with one 367 request (spec 01 §2, §5). */
export function CustomsReleaseBatch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [declareNo, setDeclareNo] = useState('');
  const [office, setOffice] = useState('');
  const scan = useScanList<ListItem, Customs367Item>({
    keyOf,
    request: (items) => ({ requestType: 367, requestData: items.map((i) => ({ declareNo: i.soTK, office: i.maDKHQ })) }),
    statusOf: (rows) => {
      const answered = byDeclaration(rows);
      return (i) => {
        const a = answered.get(keyOf(i));
        return a?.customsStatus || a?.msg || '';
      };
    },
  });
  const { list, setList, results, selected } = scan;
  const containerColumns = useContainerColumns();

  const listColumns = useMemo<ResultColumn<ListItem>[]>(
    () => [
      { key: 'soTK', title: t('customsScan.col.declareNo'), width: 125, text: (r) => r.soTK },
      { key: 'maDKHQ', title: t('customsScan.col.declOffice'), width: 85, text: (r) => r.maDKHQ },
      { ...statusColumn<ListItem>(t('customsScan.col.status'), (r) => r.customsStatus), width: 120, flex: 1 },
    ],
    [t],
  );

  const add = () => {
    const item = { soTK: cleanInput(declareNo), maDKHQ: cleanInput(office), customsStatus: '' };
    if (!item.soTK || !item.maDKHQ) {
      void message.warning(t('customsScan.needDeclaration'));
      return;
    }
    if (list.some((i) => keyOf(i) === keyOf(item))) {
      void message.warning(t('customsScan.duplicateDeclaration'));
      return;
    }
    setList((l) => [...l, item]);
    setDeclareNo('');
  };

  const answered = useMemo(() => byDeclaration(results), [results]);
  const shownContainers: CustomsContainerRow[] = (selected && answered.get(selected)?.data.TransportEquipments.TransportEquipment) || [];

  return (
    <ScanListScreen
      cardTitle={t('customsScan.titleBatch')}
      fields={
        <Flex gap={8} wrap>
          <Form.Item label={t('customsScan.declareNo')} required style={{ flex: '1 1 150px', marginBottom: 8 }}>
            <UpperInput label={t('customsScan.declareNo')} maxLength={100} value={declareNo} onChange={setDeclareNo} />
          </Form.Item>
          <Form.Item label={t('customsScan.office')} required style={{ flex: '1 1 100px', marginBottom: 8 }}>
            <UpperInput label={t('customsScan.office')} maxLength={100} value={office} onChange={setOffice} />
          </Form.Item>
        </Flex>
      }
      onAdd={add}
      scan={scan}
      keyOf={keyOf}
      listColumns={listColumns}
      listHeight="30vh"
      resultColumns={containerColumns}
      results={shownContainers}
      resultRowId={(r) => r.CntrNo}
      resultHeight="60vh"
    />
  );
}
