import type { SecretBox } from '../security/secret-box';
import { resealRecord } from './secret-fields';
import type { SettingsStoreRepository } from './settings-store.repository';

/**
 * Every settings-form record's secrets sealed again with `next` (each record in its own transaction). A value that
 * `next` already opens is left as it is, so a start interrupted half-way finishes on the next one; so is one that
 * neither key opens.
 */
export async function resealSettings(repo: SettingsStoreRepository, previous: SecretBox, next: SecretBox): Promise<number> {
  let changed = 0;
  for (const key of await repo.keys('form:')) {
    const formName = key.split(':')[1] ?? '';
    await repo.replace(key, (stored) => {
      if (!stored) return {};
      return resealRecord(formName, stored, (sealed, place) => {
        let plain: string;
        try {
          next.open(sealed, place);
          return sealed;
        } catch {
          try {
            plain = previous.open(sealed, place);
          } catch {
            // Neither key opens it (altered bytes): left as it is, read as unreadable, typed again by an administrator.
            return sealed;
          }
        }
        changed++;
        return next.seal(plain, place);
      });
    });
  }
  return changed;
}
