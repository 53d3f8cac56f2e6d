import { type AnyGrid, mappingJobModeGrid, type TosMappingGaps, tariffMappingGrid } from '@smartport/contract';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GridCard } from '../../components/data-grid/GridCard';
import { useGrid } from '../../components/data-grid/use-grid';
import { useCheckTosMappings } from './api';

function Gaps({ gaps }: { gaps: TosMappingGaps }) {
  const { t } = useTranslation();
  if (!gaps.JobModes.length && !gaps.TariffCodes.length) return <Alert type="success" showIcon title={t('tosMappings.allMapped')} />;
  const list = (items: { code: string; name: string }[]) =>
    items.length ? (
      <Flex wrap gap={6}>
        {items.map((i) => (
          <Tag key={i.code} color="orange">{`${i.code} - ${i.name}`}</Tag>
        ))}
      </Flex>
    ) : (
      <Typography.Text type="secondary">{t('tosMappings.none')}</Typography.Text>
    );
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('tosMappings.jobModes', { count: gaps.JobModes.length })}</Typography.Text>
      <div data-testid="unmapped-job-modes">{list(gaps.JobModes.map((j) => ({ code: j.JobModeCode, name: j.JobModeName })))}</div>
      <Typography.Text strong>{t('tosMappings.tariffCodes', { count: gaps.TariffCodes.length })}</Typography.Text>
      <div data-testid="unmapped-tariff-codes">{list(gaps.TariffCodes.map((c) => ({ code: c.TariffCode, name: c.TariffName })))}</div>
    </Flex>
  );
}

/** A mapping grid with 'Kiểm tra': what the TOS delivery would refuse for want of a mapping, listed before it does. */
function MappingPage({ entry }: { entry: AnyGrid }) {
  const { t } = useTranslation();
  const model = useGrid(entry);
  const check = useCheckTosMappings();
  return (
    <Flex vertical gap={12}>
      <GridCard
        model={model}
        toolbarExtra={
          <Button onClick={() => check.mutate()} loading={check.isPending}>
            {t('tosMappings.check')}
          </Button>
        }
      />
      {(check.data || check.error) && !check.isPending && (
        <Card size="small" title={t('tosMappings.checkTitle')} data-testid="mapping-check">
          {check.error ? (
            <Alert type="error" showIcon title={t('tosMappings.checkFailed', { message: check.error.message })} />
          ) : (
            check.data && <Gaps gaps={check.data} />
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('tosMappings.hint')}
          </Typography.Paragraph>
        </Card>
      )}
    </Flex>
  );
}

/** 'Mapping phương án' (/config/mapping_job_mode). */
export default function MappingJobModePage() {
  return <MappingPage entry={mappingJobModeGrid} />;
}

/** 'Mapping mã biểu cước giữa hai hệ thống' (/SystemManager/tariff_mapping). */
export function TariffMappingPage() {
  return <MappingPage entry={tariffMappingGrid} />;
}
