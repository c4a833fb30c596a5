import type { Locale } from 'date-fns';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { useLanguage, useT } from '../../i18n';
import { dynamicFormCatalog } from './dynamic-form-catalog';

/** date-fns' Hindi (month and weekday names; its day numbers stay Western), fetched only for Hindi. */
let hindi: Locale | undefined;
let loadingHindi: Promise<void> | undefined;

/**
 * The date pickers' language: in English MUI X's and date-fns' own defaults (unchanged); in Hindi
 * date-fns' Hindi month and weekday names and the pickers' visible and spoken texts. Suspends, like
 * useT, while the Hindi locale loads.
 */
export function usePickerLocale(): {
  adapterLocale: Locale | undefined;
  localeText: Partial<PickersLocaleText> | undefined;
} {
  const language = useLanguage();
  const t = useT(dynamicFormCatalog);
  if (language === 'en') return { adapterLocale: undefined, localeText: undefined };
  if (!hindi) {
    loadingHindi ??= import('date-fns/locale/hi').then((module) => {
      hindi = module.hi;
    });
    throw loadingHindi;
  }
  return {
    adapterLocale: hindi,
    localeText: {
      previousMonth: t('pickerPreviousMonth'),
      nextMonth: t('pickerNextMonth'),
      openPreviousView: t('pickerOpenPreviousView'),
      openNextView: t('pickerOpenNextView'),
      calendarViewSwitchingButtonAriaLabel: (view) =>
        view === 'year' ? t('pickerYearViewOpen') : t('pickerCalendarViewOpen'),
      cancelButtonLabel: t('pickerCancel'),
      clearButtonLabel: t('pickerClear'),
      okButtonLabel: t('pickerOk'),
      todayButtonLabel: t('pickerToday'),
      datePickerToolbarTitle: t('pickerTitle'),
      dateTableLabel: t('pickerDateTable'),
    },
  };
}
