import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import ArrowRightOutlined from '@ant-design/icons/ArrowRightOutlined';
import { edoMessages, type OrderCharges, type OrderType, orderMessages, orderSteps, orderTypes, type PayerRow } from '@smartport/contract';
import { Alert, App, Button, Card, Flex, Steps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '../../components/data-grid/use-leave-guard';
import { ApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { ApprovalStep } from './ApprovalStep';
import { useCalculateCharges, useCheckContainers, useConfirmPayLater, useOrderDepots, useSaveOrder } from './api';
import { ChargesStep } from './ChargesStep';
import { applyServerCheck, type ContainerRow, toContainerInput } from './container-rows';
import { OrderInfoStep } from './OrderInfoStep';
import { emptyOrderInfo, headerInput, type OrderInfo, orderInfoProblem } from './order-draft';
import { PaperDoUpload } from './PaperDoUpload';
import { PayerStep } from './PayerStep';
import { PaymentStep, type SavedOrder } from './PaymentStep';
import type { OrderWizardSlots } from './wizard-slots';

// The container grid brings AG Grid: loaded when step 2 is first shown.
const BookingPanel = lazy(() => import('./BookingPanel').then((m) => ({ default: m.BookingPanel })));
const ContainersStep = lazy(() => import('./ContainersStep').then((m) => ({ default: m.ContainersStep })));

/** The six steps by their place in `orderSteps`. */
const Step = { Info: 0, Containers: 1, Payer: 2, Charges: 3, Payment: 4, Approval: 5 } as const;
type Step = (typeof Step)[keyof typeof Step];

/**
 * One order screen for every order type of the task menu (spec 02 §2.1): the guide's six steps over the type's
 * definition (`orderTypes`). Page title = the menu title.
 */
export function OrderWizard({ type: typeName, VesselField, PayDialog }: { type: OrderType } & OrderWizardSlots) {
  const type = orderTypes[typeName];
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [step, setStep] = useState<Step>(Step.Info);
  const [info, setInfo] = useState<OrderInfo>(() => emptyOrderInfo(type, session.terminal() ?? ''));
  const [rows, setRows] = useState<ContainerRow[]>([]);
  const [taxCode, setTaxCode] = useState('');
  const [payers, setPayers] = useState<PayerRow[]>([]);
  const [payer, setPayer] = useState<PayerRow | null>(null);
  const [charges, setCharges] = useState<OrderCharges | null>(null);
  const [chargeError, setChargeError] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedOrder | null>(null);
  const [paying, setPaying] = useState(false);
  const [touched, setTouched] = useState(false);
  // One key per draft: a second 'Lưu lệnh' (double click, lost answer) gets the order the first one saved.
  const [clientKey, setClientKey] = useState(() => crypto.randomUUID());
  const check = useCheckContainers();
  const calculate = useCalculateCharges();
  const save = useSaveOrder();
  const confirm = useConfirmPayLater();
  const depots = useOrderDepots(info.TerminalCode, type);

  // Input not yet saved as an order: leaving asks first.
  useLeaveGuard(touched && !saved ? 1 : 0, t('orders.leave'));

  /** Anything the price depends on changed: the shown charges no longer hold. */
  const changed = () => {
    setTouched(true);
    setCharges(null);
  };
  const locked = !!saved;

  const header = (i: OrderInfo = info) => headerInput(type, i);
  const draft = (i: OrderInfo = info) => ({
    ...header(i),
    containers: rows.map(toContainerInput),
    CustomerCode: payer?.CustomerCode ?? '',
  });

  /** The draft invoice of the draft as it is (or with `i`, the info just changed and not yet rendered). */
  const runCalculate = async (i: OrderInfo = info) => {
    setChargeError(null);
    try {
      setCharges(await calculate.mutateAsync(draft(i)));
    } catch (e) {
      setCharges(null);
      setChargeError((e as Error).message);
    }
  };

  const next = async () => {
    if (step === Step.Info) {
      const problem = orderInfoProblem(type, info, undefined, depots.data?.offered === true);
      if (problem) return void message.error(problem);
      setStep(Step.Containers);
    } else if (step === Step.Containers) {
      if (!rows.length) return void message.error(orderMessages.noContainers);
      if (rows.some((r) => r.problems.length && !r.checked)) {
        // The client's checks already failed: no need to ask the server.
        return void message.error(orderMessages.containersInvalid);
      }
      try {
        const checked = applyServerCheck(rows, await check.mutateAsync({ ...header(), containers: rows.map(toContainerInput) }));
        setRows(checked);
        if (checked.some((r) => r.problems.length)) return void message.error(orderMessages.containersInvalid);
      } catch (e) {
        return void message.error((e as Error).message);
      }
      setStep(Step.Payer);
    } else if (step === Step.Payer) {
      if (!payer) return void message.error(orderMessages.noPayer);
      setStep(Step.Charges);
      if (!charges) void runCalculate();
    } else if (step === Step.Charges) {
      if (!charges) return void message.error(t('orders.charges.calculateFirst'));
      setStep(Step.Payment);
    }
  };

  const back = () => setStep((s) => Math.max(Step.Info, s - 1) as Step);

  const saveOrder = async () => {
    if (!charges) return;
    try {
      const result = await save.mutateAsync({ ...draft(), TotalAmount: charges.TotalAmount, ClientKey: clientKey });
      setSaved(result);
      void message.success(result.message || orderMessages.saved);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        // The price moved since it was shown: back to the charges, calculated again.
        void message.warning(e.message || orderMessages.priceChanged);
        setCharges(null);
        setStep(Step.Charges);
        void runCalculate();
        return;
      }
      void message.error((e as Error).message);
    }
  };

  const confirmPayLater = async () => {
    if (!saved) return;
    try {
      const result = await confirm.mutateAsync(saved.OrderNo);
      void message.success(result.message || orderMessages.confirmed);
      setStep(Step.Approval);
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const reset = () => {
    setStep(Step.Info);
    setInfo(emptyOrderInfo(type, info.TerminalCode));
    setRows([]);
    setTaxCode('');
    setPayers([]);
    setPayer(null);
    setCharges(null);
    setChargeError(null);
    setSaved(null);
    setTouched(false);
    setClientKey(crypto.randomUUID());
  };

  const body = () => {
    switch (step) {
      case Step.Info:
        return (
          <OrderInfoStep
            type={type}
            info={info}
            disabled={locked}
            depots={depots.data?.offered ? depots.data.depots : null}
            VesselField={VesselField}
            onChange={(patch) => {
              changed();
              setInfo((i) => ({ ...i, ...patch }));
            }}
          />
        );
      case Step.Containers:
        return (
          <Suspense fallback={null}>
            {(type.type === 'empty_pickup' || type.type === 'fcl_pre_advice') && info.BookingNo.trim() && (
              <BookingPanel
                type={type}
                booking={{
                  TerminalCode: info.TerminalCode,
                  OperationCode: info.OperationCode,
                  BookingNo: info.BookingNo.trim().toUpperCase(),
                }}
                rows={rows}
                disabled={locked}
                onRows={(r) => {
                  changed();
                  setRows(r);
                }}
              />
            )}
            <ContainersStep
              type={type}
              rows={rows}
              disabled={locked}
              onRows={(r) => {
                changed();
                setRows(r);
              }}
            />
          </Suspense>
        );
      case Step.Payer:
        return (
          <PayerStep
            taxCode={taxCode}
            onTaxCode={setTaxCode}
            payers={payers}
            onPayers={setPayers}
            payer={payer}
            disabled={locked}
            onPayer={(p) => {
              changed();
              setPayer(p);
            }}
          />
        );
      case Step.Charges:
        return (
          <ChargesStep
            charges={charges}
            calculating={calculate.isPending}
            error={chargeError}
            onCalculate={() => void runCalculate()}
            disabled={locked}
            ticked={info.AttachServices}
            onTicked={(codes) => {
              const nextInfo = { ...info, AttachServices: codes };
              setTouched(true);
              setInfo(nextInfo);
              // The total shown stays until the new one comes, so the ticks do not flash the table empty.
              void runCalculate(nextInfo);
            }}
          />
        );
      case Step.Payment:
        return charges && payer ? (
          <PaymentStep
            charges={charges}
            payer={payer}
            saved={saved}
            saving={save.isPending}
            confirming={confirm.isPending}
            onSave={() => void saveOrder()}
            onPay={() => setPaying(true)}
            onConfirmPayLater={() => void confirmPayLater()}
          />
        ) : null;
      case Step.Approval:
        return saved ? <ApprovalStep orderNo={saved.OrderNo} onNewOrder={reset} /> : null;
    }
  };

  const notes = [...new Set(rows.flatMap((r) => r.notes))];

  return (
    <Card title={type.title} className="sp-order-wizard" styles={{ body: { paddingTop: 12 } }}>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 16 }}
        items={orderSteps.map((title) => ({ title }))}
        responsive={false}
        labelPlacement="vertical"
      />
      {/* What the server noted on the rows (customs hold, paper D/O, dangerous goods) stays in sight after step 2. */}
      {step > Step.Containers && notes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('orders.containers.notesTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="row-notes">
              {notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          }
        />
      )}
      {saved && notes.includes(`Dòng 1: ${edoMessages.paperDo(info.OperationCode)}`) && <PaperDoUpload orderNo={saved.OrderNo} />}
      {body()}
      {step < Step.Payment && (
        <Flex justify="space-between" style={{ marginTop: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={back} disabled={step === Step.Info}>
            {t('orders.back')}
          </Button>
          <Button
            type="primary"
            onClick={() => void next()}
            loading={check.isPending}
            disabled={step === Step.Charges && (!charges || calculate.isPending)}
          >
            {t('orders.next')} <ArrowRightOutlined />
          </Button>
        </Flex>
      )}
      {step === Step.Payment && !saved && (
        <Flex style={{ marginTop: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            {t('orders.back')}
          </Button>
        </Flex>
      )}
      {saved && paying && (
        <PayDialog
          // The TRAR count is the server's, of the containers it saved (the bill-of-lading warning, spec 02 §5).
          order={{ OrderNo: saved.OrderNo, PinCode: saved.PinCode, TotalAmount: saved.TotalAmount, TrarCount: saved.TrarCount }}
          open={paying}
          onClose={() => setPaying(false)}
          onDone={(result) => {
            setPaying(false);
            if (result.success || result.paid.includes(saved.OrderNo)) setStep(Step.Approval);
          }}
        />
      )}
    </Card>
  );
}
