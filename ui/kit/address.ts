/**
 * Address formats per country: which fields an address has, in which order, what they are
 * called, which regions a country lists, and what its postal codes look like. Pure data and
 * checks, so a form's machine validates with the same rules the AddressInput shows. Postal
 * codes follow the protocol's rules (`protocol/objects/postal-codes.ts`), which the provider
 * applies too.
 */
import {
  isValidPostalCode,
  normalisePostalCode,
  postalCodeRules,
} from "../../protocol/objects/postal-codes.ts";

export interface Address {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  line1: string;
  line2: string;
  city: string;
  /** State, province, prefecture or county: a code where the country lists regions. */
  state: string;
  postalCode: string;
}

export type AddressField = Exclude<keyof Address, "country">;

export interface Region {
  code: string;
  name: string;
  /** The name in the country's own language, when it is not written in Latin letters. */
  localName?: string;
}

/** The messages that name address fields. */
export type AddressLabelKey =
  | "addressLine1"
  | "addressLine2"
  | "addressCity"
  | "addressTown"
  | "addressSuburb"
  | "addressState"
  | "addressProvince"
  | "addressCounty"
  | "addressPrefecture"
  | "addressPostalCode"
  | "addressZip";

export interface AddressFormat {
  /** The fields in the order the country writes them. */
  fields: readonly AddressField[];
  /** The message naming each field. */
  labels: Record<AddressField, AddressLabelKey>;
  /** Fields a complete address may leave empty. */
  optional: readonly AddressField[];
  /** When present, `state` is chosen from these (a combobox); otherwise it is typed. */
  regions?: readonly Region[];
  /** A valid code, shown in the error; absent when postal codes are not checked. */
  postalExample?: string;
  postalPattern?: RegExp;
  /** Upper case and the usual spacing, applied when the field is left. */
  normalisePostalCode?: (code: string) => string;
}

const usStates: Region[] = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["PR", "Puerto Rico"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
].map(([code, name]) => ({ code: code!, name: name! }));

const caProvinces: Region[] = [
  ["AB", "Alberta"],
  ["BC", "British Columbia"],
  ["MB", "Manitoba"],
  ["NB", "New Brunswick"],
  ["NL", "Newfoundland and Labrador"],
  ["NS", "Nova Scotia"],
  ["NT", "Northwest Territories"],
  ["NU", "Nunavut"],
  ["ON", "Ontario"],
  ["PE", "Prince Edward Island"],
  ["QC", "Quebec"],
  ["SK", "Saskatchewan"],
  ["YT", "Yukon"],
].map(([code, name]) => ({ code: code!, name: name! }));

const auStates: Region[] = [
  ["ACT", "Australian Capital Territory"],
  ["NSW", "New South Wales"],
  ["NT", "Northern Territory"],
  ["QLD", "Queensland"],
  ["SA", "South Australia"],
  ["TAS", "Tasmania"],
  ["VIC", "Victoria"],
  ["WA", "Western Australia"],
].map(([code, name]) => ({ code: code!, name: name! }));

/** The 47 prefectures by JIS X 0401 code, romanised and in Japanese. */
const jpPrefectures: Region[] = [
  "Hokkaido 北海道",
  "Aomori 青森県",
  "Iwate 岩手県",
  "Miyagi 宮城県",
  "Akita 秋田県",
  "Yamagata 山形県",
  "Fukushima 福島県",
  "Ibaraki 茨城県",
  "Tochigi 栃木県",
  "Gunma 群馬県",
  "Saitama 埼玉県",
  "Chiba 千葉県",
  "Tokyo 東京都",
  "Kanagawa 神奈川県",
  "Niigata 新潟県",
  "Toyama 富山県",
  "Ishikawa 石川県",
  "Fukui 福井県",
  "Yamanashi 山梨県",
  "Nagano 長野県",
  "Gifu 岐阜県",
  "Shizuoka 静岡県",
  "Aichi 愛知県",
  "Mie 三重県",
  "Shiga 滋賀県",
  "Kyoto 京都府",
  "Osaka 大阪府",
  "Hyogo 兵庫県",
  "Nara 奈良県",
  "Wakayama 和歌山県",
  "Tottori 鳥取県",
  "Shimane 島根県",
  "Okayama 岡山県",
  "Hiroshima 広島県",
  "Yamaguchi 山口県",
  "Tokushima 徳島県",
  "Kagawa 香川県",
  "Ehime 愛媛県",
  "Kochi 高知県",
  "Fukuoka 福岡県",
  "Saga 佐賀県",
  "Nagasaki 長崎県",
  "Kumamoto 熊本県",
  "Oita 大分県",
  "Miyazaki 宮崎県",
  "Kagoshima 鹿児島県",
  "Okinawa 沖縄県",
].map((entry, i) => {
  const [name, localName] = entry.split(" ");
  return { code: String(i + 1).padStart(2, "0"), name: name!, localName };
});

const western: readonly AddressField[] = ["line1", "line2", "city", "state", "postalCode"];
const defaultLabels: Record<AddressField, AddressLabelKey> = {
  line1: "addressLine1",
  line2: "addressLine2",
  city: "addressCity",
  state: "addressState",
  postalCode: "addressPostalCode",
};
/** The country's postal-code rule (protocol/objects/postal-codes.ts) as a format's fields. */
const postal = (country: string) => {
  const rule = postalCodeRules[country]!;
  return {
    postalExample: rule.example,
    postalPattern: rule.pattern,
    normalisePostalCode: rule.normalise,
  };
};

export const addressFormats: Record<string, AddressFormat> = {
  US: {
    fields: western,
    labels: { ...defaultLabels, postalCode: "addressZip" },
    optional: ["line2"],
    regions: usStates,
    ...postal("US"),
  },
  CA: {
    fields: western,
    labels: { ...defaultLabels, state: "addressProvince" },
    optional: ["line2"],
    regions: caProvinces,
    ...postal("CA"),
  },
  GB: {
    fields: western,
    labels: { ...defaultLabels, city: "addressTown", state: "addressCounty" },
    optional: ["line2", "state"],
    ...postal("GB"),
  },
  DE: {
    fields: ["line1", "line2", "postalCode", "city"],
    labels: defaultLabels,
    optional: ["line2"],
    ...postal("DE"),
  },
  FR: {
    fields: ["line1", "line2", "postalCode", "city"],
    labels: defaultLabels,
    optional: ["line2"],
    ...postal("FR"),
  },
  AU: {
    fields: western,
    labels: { ...defaultLabels, city: "addressSuburb" },
    optional: ["line2"],
    regions: auStates,
    ...postal("AU"),
  },
  JP: {
    fields: ["postalCode", "state", "city", "line1", "line2"],
    labels: { ...defaultLabels, state: "addressPrefecture" },
    optional: ["line2"],
    regions: jpPrefectures,
    ...postal("JP"),
  },
};

/** Countries without a format of their own: every field typed, postal code unchecked. */
const genericFormat: AddressFormat = {
  fields: western,
  labels: defaultLabels,
  optional: ["line2", "state", "postalCode"],
};

export const addressFormat = (country: string): AddressFormat =>
  addressFormats[country.toUpperCase()] ?? genericFormat;

/** The countries whose postal codes are checked, for a country list. */
export const checkedCountries = Object.keys(addressFormats);

export { isValidPostalCode, normalisePostalCode };

export type AddressErrors = Partial<Record<AddressField, "required" | "invalid_postal_code">>;

/**
 * What is wrong with an address: each required field left empty, a postal code of the wrong
 * form, a region the country does not list. Empty when the address is complete.
 */
export function checkAddress(address: Address): AddressErrors {
  const format = addressFormat(address.country);
  const errors: AddressErrors = {};
  for (const field of format.fields) {
    const value = address[field].trim();
    if (value === "") {
      if (!format.optional.includes(field)) errors[field] = "required";
      continue;
    }
    if (field === "postalCode" && !isValidPostalCode(address.country, value)) {
      errors.postalCode = "invalid_postal_code";
    }
    if (field === "state" && format.regions && !format.regions.some((r) => r.code === value)) {
      errors.state = "required";
    }
  }
  return errors;
}

/** An empty address in a country. */
export const emptyAddress = (country: string): Address => ({
  country,
  line1: "",
  line2: "",
  city: "",
  state: "",
  postalCode: "",
});
