import { isLocale } from '@slotwise/shared/locales';
import { LANGUAGE_KEY, changeLanguage, currentLanguage } from '../../lib/i18n';

/** Whether this device has a language the person chose with the switch. */
function chosenOnThisDevice(): boolean {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY) !== null;
  } catch {
    // Storage refused: nothing was remembered here.
    return false;
  }
}

/**
 * At sign-in and when the profile loads (docs/product.md §21.1): the account's saved language
 * follows the person to this device, unless they chose one here. Not remembered on the device
 * (`changeLanguage`, not `chooseLanguage`), so another account signing in here gets theirs.
 */
export function applyAccountLocale(locale: unknown): void {
  if (!isLocale(locale) || chosenOnThisDevice() || currentLanguage() === locale) return;
  void changeLanguage(locale);
}
