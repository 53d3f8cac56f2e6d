import { calls } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { type AttachJobMode, allScope, attachSaveBody, setFixed, tickService, ticksOf } from '../src/features/attach-config/attach-config';

// Spec 03 §4 'Attached config': ticks, default charge and the edited job options.
const loaded: AttachJobMode[] = [
  { JobModeCode: 'TRAR', JobModeName: 'Trả rỗng', ConfigList: [{ AttachServiceCode: 'DVBAI', IsFixed: true }] },
  { JobModeCode: 'CAPR', JobModeName: 'Cấp rỗng', ConfigList: [] },
];

describe('attached-order screen state', () => {
  it('choosing a job option shows its attached items ticked, with their default charge', () => {
    expect([...ticksOf(loaded, {}, 'TRAR')]).toEqual([['DVBAI', true]]);
    expect(ticksOf(loaded, {}, 'CAPR').size).toBe(0);
    expect(ticksOf(loaded, {}, null).size).toBe(0);
  });

  it('ticking attaches with the default charge off and marks the job option edited; the charge can then be set', () => {
    const e1 = tickService(loaded, {}, 'CAPR', 'DVKT', true);
    expect(e1).toEqual({ CAPR: { DVKT: false } });
    const e2 = setFixed(loaded, e1, 'CAPR', 'DVKT', true);
    expect(e2).toEqual({ CAPR: { DVKT: true } });
    // The other job option is untouched.
    expect([...ticksOf(loaded, e2, 'TRAR')]).toEqual([['DVBAI', true]]);
  });

  it('unticking detaches and clears the default charge; an unticked service has no charge to set', () => {
    const e1 = tickService(loaded, {}, 'TRAR', 'DVBAI', false);
    expect(e1).toEqual({ TRAR: {} });
    expect(setFixed(loaded, e1, 'TRAR', 'DVBAI', true)).toBe(e1);
    // Ticking again starts with the charge off: the job option stays edited (loaded had it on).
    expect(tickService(loaded, e1, 'TRAR', 'DVBAI', true)).toEqual({ TRAR: { DVBAI: false } });
  });

  it('back to what was loaded is no longer an edit', () => {
    const e1 = setFixed(loaded, {}, 'TRAR', 'DVBAI', false);
    expect(e1).toEqual({ TRAR: { DVBAI: false } });
    expect(setFixed(loaded, e1, 'TRAR', 'DVBAI', true)).toEqual({});
    expect(tickService(loaded, tickService(loaded, {}, 'CAPR', 'DVKC', true), 'CAPR', 'DVKC', false)).toEqual({});
  });

  it('save sends the scope and, per edited job option, its whole list (an empty list removes); the contract accepts it', () => {
    const edited = { TRAR: {}, CAPR: { DVKT: true, DVBAI: false } };
    const body = attachSaveBody({ ...allScope, OperationCode: 'MAE' }, 'NDP', edited);
    expect(body).toEqual({
      OperationCode: 'MAE',
      VesselKey: '*',
      CustomerCode: '*',
      IsLocalForeign: '*',
      TerminalCode: 'NDP',
      data: {
        TRAR: [],
        CAPR: [
          { AttachServiceCode: 'DVBAI', JobModeCode: 'CAPR', IsFixed: false },
          { AttachServiceCode: 'DVKT', JobModeCode: 'CAPR', IsFixed: true },
        ],
      },
    });
    expect(calls.attachConfig.updateAttachConfigList.request.safeParse(body).success).toBe(true);
  });
});
