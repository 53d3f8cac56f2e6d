import { SECRET_MASK } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, newSettingsKey, parseSettingsKey } from '../../src/security/secret-box';
import { maskSecrets, openSecrets, sealSecrets, secretPlace } from '../../src/settings-form/secret-fields';

const box = createSecretBox(parseSettingsKey(newSettingsKey()));

/** The shape of the terminal config (spec 03 §2.5, §3): a mail password and a list of TOS connections with theirs. */
const terminalLike = {
  name: 'terminal_config',
  secrets: ['pass', 'apilist.*.pass'],
  listKeys: { apilist: ['host', 'port', 'user'] },
  secretBindings: { pass: ['host', 'port', 'user'], 'apilist.*.pass': ['host', 'port', 'user'] },
} as const;
const byPosition = { ...terminalLike, name: 'by_position', listKeys: {} };

/** The stored values of a save that is not refused. */
function seal(...args: Parameters<typeof sealSecrets>) {
  const { values, retype } = sealSecrets(...args);
  expect(retype).toEqual([]);
  return values;
}

const tos = (host: string, pass: string) => ({ host, port: 8080, user: 'smp', pass });

describe('secrets of a settings form', () => {
  it('seals every secret, in a field and in each list item, for its own place', () => {
    const stored = seal(
      terminalLike,
      { host: 'mail', pass: 'Mail#1', apilist: [tos('10.0.0.1', 'Tos#1'), tos('10.0.0.2', 'Tos#2')] },
      {},
      box.seal,
    );
    expect(JSON.stringify(stored)).not.toMatch(/Mail#1|Tos#1|Tos#2/);
    expect(isSealed(stored.pass)).toBe(true);
    expect(box.open(stored.pass as string, secretPlace(terminalLike, 'pass'))).toBe('Mail#1');
    const list = stored.apilist as { pass: string; host: string }[];
    expect(list.map((i) => box.open(i.pass, 'terminal_config/apilist.*.pass'))).toEqual(['Tos#1', 'Tos#2']);
    expect(list.map((i) => i.host)).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(openSecrets(terminalLike, stored, box.open)).toEqual({
      host: 'mail',
      pass: 'Mail#1',
      apilist: [tos('10.0.0.1', 'Tos#1'), tos('10.0.0.2', 'Tos#2')],
    });
  });

  it('masks what is stored and answers an absent secret as empty', () => {
    const stored = seal(terminalLike, { pass: 'Mail#1', apilist: [tos('a', 'Tos#1'), tos('b', '')] }, {}, box.seal);
    expect(maskSecrets(terminalLike, stored)).toEqual({ pass: SECRET_MASK, apilist: [tos('a', SECRET_MASK), tos('b', '')] });
    expect(maskSecrets(terminalLike, {})).toEqual({ pass: '' });
  });

  it('keeps the sealed value a mask stands for, found by the list keys even after a removal and a reorder', () => {
    const stored = seal(terminalLike, { pass: 'Mail#1', apilist: [tos('a', 'Tos#A'), tos('b', 'Tos#B'), tos('c', 'Tos#C')] }, {}, box.seal);
    const storedList = stored.apilist as { pass: string }[];
    const next = seal(
      terminalLike,
      { pass: SECRET_MASK, apilist: [tos('c', SECRET_MASK), tos('a', SECRET_MASK), tos('d', 'Tos#D')] },
      stored,
      box.seal,
    );
    expect(next.pass).toBe(stored.pass);
    const list = next.apilist as { pass: string }[];
    expect(list[0]?.pass).toBe(storedList[2]?.pass);
    expect(list[1]?.pass).toBe(storedList[0]?.pass);
    expect(openSecrets(terminalLike, next, box.open).apilist).toEqual([tos('c', 'Tos#C'), tos('a', 'Tos#A'), tos('d', 'Tos#D')]);
  });

  it('refuses a mask for a connection whose server changed (its password must be typed again)', () => {
    const stored = seal(terminalLike, { apilist: [tos('a', 'Tos#A')] }, {}, box.seal);
    const next = sealSecrets(terminalLike, { apilist: [tos('z', SECRET_MASK)] }, stored, box.seal);
    expect(next.values.apilist).toEqual([{ host: 'z', port: 8080, user: 'smp' }]);
    expect(next.retype).toEqual(['apilist.*.pass']);
  });

  it('refuses a mask for the mail password when its host, port or user changed', () => {
    const stored = seal(terminalLike, { host: 'smtp.a.vn', port: 587, user: 'u', pass: 'Mail#1' }, {}, box.seal);
    for (const change of [{ host: 'smtp.evil.vn' }, { port: 2525 }, { user: 'v' }]) {
      const next = sealSecrets(terminalLike, { host: 'smtp.a.vn', port: 587, user: 'u', ...change, pass: SECRET_MASK }, stored, box.seal);
      expect(next.values.pass).toBeUndefined();
      expect(next.retype).toEqual(['pass']);
    }
    // The port as digits is the same port.
    expect(seal(terminalLike, { host: 'smtp.a.vn', port: '587', user: 'u', pass: SECRET_MASK }, stored, box.seal).pass).toBe(stored.pass);
  });

  it('without list keys matches list items by position, still bound to their server', () => {
    const stored = seal(byPosition, { apilist: [tos('a', 'Tos#A'), tos('b', 'Tos#B')] }, {}, box.seal);
    const kept = seal(byPosition, { apilist: [tos('a', SECRET_MASK), tos('b', SECRET_MASK)] }, stored, box.seal);
    expect(openSecrets(byPosition, kept, box.open).apilist).toEqual([tos('a', 'Tos#A'), tos('b', 'Tos#B')]);
    expect(sealSecrets(byPosition, { apilist: [tos('a', SECRET_MASK), tos('b2', SECRET_MASK)] }, stored, box.seal).retype).toEqual([
      'apilist.*.pass',
    ]);
  });

  it('drops a mask with nothing stored behind it, a blank secret and a clear text found where a sealed value belongs', () => {
    expect(sealSecrets(terminalLike, { host: 'h', pass: SECRET_MASK }, {}, box.seal)).toEqual({ values: { host: 'h' }, retype: ['pass'] });
    expect(seal(terminalLike, { host: 'h', pass: '  ' }, { pass: box.seal('x', 'terminal_config/pass') }, box.seal)).toEqual({
      host: 'h',
    });
    // A mask never keeps a value that is not sealed (e.g. clear text written into the row by hand).
    expect(sealSecrets(terminalLike, { pass: SECRET_MASK }, { pass: 'clear' }, box.seal).values).toEqual({});
    expect(openSecrets(terminalLike, { pass: 'clear' }, box.open)).toEqual({});
  });

  it('will not open a value moved from one form or field to another', () => {
    const stored = seal(terminalLike, { pass: 'Mail#1', apilist: [tos('a', 'Tos#A')] }, {}, box.seal);
    const moved = { pass: (stored.apilist as { pass: string }[])[0]?.pass };
    expect(() => openSecrets(terminalLike, moved, box.open)).toThrow();
    expect(() => openSecrets({ ...terminalLike, name: 'mail_config' }, { pass: stored.pass }, box.open)).toThrow();
  });
});
