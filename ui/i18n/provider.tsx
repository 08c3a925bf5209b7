/**
 * `<I18nProvider locale>`: resolves the requested locale (ui/i18n/resolve.ts), loads that
 * locale's ICU catalogue, and provides react-intl to the tree. A locale change (the
 * platform's `update({locale})`) loads the new catalogue and re-renders in place; catalogues
 * once loaded stay cached, so switching back is instant.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { IntlProvider, type MessageFormatElement } from "react-intl";
import { defaultLocale, type Locale, pseudoLocale } from "../../protocol/locales.ts";
import {
  knownLocale,
  type LocaleRequest,
  localeRequestKey,
  resolveLocaleLazily,
} from "./resolve.ts";

/**
 * A locale's messages: ICU strings as the JSON files hold them (tests, tools), or the
 * messages already parsed, as the build compiles them for the frames (vite.config.ts,
 * `precompiledMessages`: the frames carry no message parser).
 */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * en-US, the default locale, has no catalogue to load: react-intl formats a descriptor's own
 * `defaultMessage` in it, which is the en-US message (`ui/i18n/catalogue.test.ts` holds the
 * descriptors and `messages/en-US.json` equal, and the frames' build writes each descriptor's
 * message from that catalogue, compiled: vite.config.ts, `englishDescriptors`). So a frame
 * carries the English of the modules it loads only, and no other locale's messages.
 */
const english: Catalogue = {};

// One loader per catalogue: each becomes its own chunk, so a frame downloads one language.
const loaders: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  "en-US": async () => ({ default: english }),
  "en-GB": () => import("./messages/en-GB.json"),
  "en-AU": () => import("./messages/en-AU.json"),
  "en-IE": () => import("./messages/en-IE.json"),
  "en-IN": () => import("./messages/en-IN.json"),
  "en-NZ": () => import("./messages/en-NZ.json"),
  "en-SG": () => import("./messages/en-SG.json"),
  "fr-FR": () => import("./messages/fr-FR.json"),
  "fr-CA": () => import("./messages/fr-CA.json"),
  "de-DE": () => import("./messages/de-DE.json"),
  "es-ES": () => import("./messages/es-ES.json"),
  "es-419": () => import("./messages/es-419.json"),
  "ja-JP": () => import("./messages/ja-JP.json"),
  "zh-Hans": () => import("./messages/zh-Hans.json"),
  "zh-Hant-HK": () => import("./messages/zh-Hant-HK.json"),
  "zh-Hant-TW": () => import("./messages/zh-Hant-TW.json"),
  "pt-BR": () => import("./messages/pt-BR.json"),
  "pt-PT": () => import("./messages/pt-PT.json"),
  "nl-NL": () => import("./messages/nl-NL.json"),
  "it-IT": () => import("./messages/it-IT.json"),
  "pl-PL": () => import("./messages/pl-PL.json"),
  "sv-SE": () => import("./messages/sv-SE.json"),
  "da-DK": () => import("./messages/da-DK.json"),
  "fi-FI": () => import("./messages/fi-FI.json"),
  "nb-NO": () => import("./messages/nb-NO.json"),
  "cs-CZ": () => import("./messages/cs-CZ.json"),
  "sk-SK": () => import("./messages/sk-SK.json"),
  "hu-HU": () => import("./messages/hu-HU.json"),
  "ro-RO": () => import("./messages/ro-RO.json"),
  "bg-BG": () => import("./messages/bg-BG.json"),
  "el-GR": () => import("./messages/el-GR.json"),
  "hr-HR": () => import("./messages/hr-HR.json"),
  "sl-SI": () => import("./messages/sl-SI.json"),
  "lt-LT": () => import("./messages/lt-LT.json"),
  "lv-LV": () => import("./messages/lv-LV.json"),
  "et-EE": () => import("./messages/et-EE.json"),
  "mt-MT": () => import("./messages/mt-MT.json"),
  "tr-TR": () => import("./messages/tr-TR.json"),
  "th-TH": () => import("./messages/th-TH.json"),
  "vi-VN": () => import("./messages/vi-VN.json"),
  "id-ID": () => import("./messages/id-ID.json"),
  "ms-MY": () => import("./messages/ms-MY.json"),
  "fil-PH": () => import("./messages/fil-PH.json"),
  "ko-KR": () => import("./messages/ko-KR.json"),
  "en-XA": () => import("./messages/en-XA.json"),
};

const loaded = new Map<Locale, Catalogue>([[defaultLocale, english]]);

/** The catalogue of a supported locale (cached after the first load). */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const hit = loaded.get(locale);
  if (hit) return hit;
  const catalogue = (await loaders[locale]()).default;
  loaded.set(locale, catalogue);
  return catalogue;
}

/**
 * The locale `Intl` formats in. The pseudo-locale has no CLDR data of its own: it formats
 * numbers and dates as en-US does and only its messages differ.
 */
export const formattingLocale = (locale: Locale): string =>
  locale === pseudoLocale ? defaultLocale : locale;

const LocaleContext = createContext<Locale>(defaultLocale);

/** The catalogue locale in use (en-XA under the pseudo-locale, unlike `useIntl().locale`). */
export const useLocale = () => useContext(LocaleContext);

export interface I18nProviderProps {
  /** What the platform asked for (any BCP 47 tag, or a preference list); resolved here. */
  locale: LocaleRequest;
  children: ReactNode;
  /** Catalogue load failures and react-intl errors; defaults to console.error. */
  onError?: (error: unknown) => void;
}

type Shown = { locale: Locale; messages: Catalogue };

/**
 * Never renders a blank or a fallback: until the requested catalogue arrives the tree shows
 * the last catalogue on screen, and at first en-US (the descriptors' own messages). A locale that changes
 * again before its catalogue arrives only replaces what is awaited; what is on screen stays
 * until the newest request resolves (an older, slower load never overwrites it).
 */
export function I18nProvider({ locale, children, onError }: I18nProviderProps) {
  // A list is a new array on each render: the effect follows the request's key.
  const key = localeRequestKey(locale);
  const [current, setCurrent] = useState<Shown>({ locale: defaultLocale, messages: english });

  useEffect(() => {
    let live = true;
    const requested = JSON.parse(key) as string | string[] | null;
    Promise.resolve(resolveLocaleLazily(requested ?? undefined))
      .then(
        async (target): Promise<Shown> => ({
          locale: target,
          messages: await loadCatalogue(target),
        }),
      )
      .then(
        (shown) => {
          if (live) setCurrent(shown);
        },
        (error: unknown) => {
          // Keep the current language rather than blank the component.
          (onError ?? console.error)(error);
        },
      );
    return () => {
      live = false;
    };
  }, [key, onError]);

  // A cached catalogue switches in the same render, without a frame in the old language.
  const known = knownLocale(locale);
  const cached = known && loaded.get(known);
  const shown = known && cached ? { locale: known, messages: cached } : current;
  return (
    <LocaleContext.Provider value={shown.locale}>
      <IntlProvider
        locale={formattingLocale(shown.locale)}
        defaultLocale={defaultLocale}
        messages={shown.messages}
        onError={onError ?? ((error) => console.error(error))}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
