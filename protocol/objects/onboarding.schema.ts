/**
 * The bodies account-onboarding's steps send to `POST /v1/account`, as the frames check them
 * before anything is sent; the provider applies the same rules (`server/accounts/
 * account-params.ts` uses `dobProblem` and `isValidPostalCode`, `tax-ids.ts` `checkAccountId`),
 * so what one refuses the other refuses too, on the same `param`.
 */
import * as z from "zod/mini";
import { businessTypes, serviceAgreements } from "./account.schema.ts";
import { isValidPostalCode } from "./postal-codes.ts";
import { checkAccountId } from "./tax-ids.ts";

export interface DateOfBirth {
  day: number;
  month: number;
  year: number;
}

/** The earliest year of birth either side accepts. */
export const earliestBirthYear = 1900;

/** The youngest a person on an account may be, in years, in every country the provider serves. */
export const minimumAge = 13;

/**
 * The latest date of birth of a person on an account on `today` (Unix seconds; its UTC
 * day): `minimumAge` years before it, as `YYYY-MM-DD` (a 29 February birthday turns on the
 * 1st of March in other years).
 */
export function latestDateOfBirth(today: number): string {
  const now = new Date(today * 1000);
  const latest = new Date(
    Date.UTC(now.getUTCFullYear() - minimumAge, now.getUTCMonth(), now.getUTCDate()),
  );
  // 29 February `minimumAge` years back may not exist: Date.UTC rolled it to 1 March, one
  // day too late for someone born that 1 March.
  if (latest.getUTCDate() !== now.getUTCDate()) latest.setUTCDate(0);
  return latest.toISOString().slice(0, 10);
}

/**
 * Why a date of birth cannot be: a day the calendar lacks, before 1900, after `today` (Unix
 * seconds; its UTC day), or less than `minimumAge` years before it. Null when it is a
 * possible date of birth of a person on an account.
 */
export function dobProblem(
  dob: DateOfBirth,
  today: number,
): "no_such_day" | "future" | "too_young" | null {
  const date = Date.UTC(dob.year, dob.month - 1, dob.day);
  if (
    dob.year < earliestBirthYear ||
    new Date(date).getUTCDate() !== dob.day ||
    new Date(date).getUTCMonth() !== dob.month - 1
  )
    return "no_such_day";
  const now = new Date(today * 1000);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (date > end) return "future";
  return date > Date.parse(latestDateOfBirth(today)) ? "too_young" : null;
}

const dobMessages = {
  no_such_day: "Invalid date of birth: no such day",
  future: "Invalid date of birth: in the future",
  too_young: `Invalid date of birth: a person on an account is at least ${minimumAge} years old`,
} as const;

/** A person's date of birth refused on `dob`, as the schemas' checks report it; null if possible. */
function dobIssue(dob: DateOfBirth, today: number) {
  const problem = dobProblem(dob, today);
  if (!problem) return null;
  return {
    code: "custom" as const,
    path: ["dob"],
    message: dobMessages[problem],
    input: dob,
  };
}

/** The business type step's body. */
export const businessTypeParamsSchema = z.strictObject({
  business_type: z.enum(businessTypes),
});

/** Text given (trimmed, not empty) of at most `max` characters. */
export const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/** Countries whose addresses name a state or province (the provider asks for it). */
export const stateCountries: readonly string[] = ["US", "CA", "AU", "JP"];

/** A person's date of birth as the API takes it (day, month, year). */
const dobSchema = z.strictObject({
  day: z.int().check(z.minimum(1), z.maximum(31)),
  month: z.int().check(z.minimum(1), z.maximum(12)),
  year: z.int().check(z.minimum(earliestBirthYear)),
});

/**
 * The individual's details (`individual[…]`) of an account in `country`: names, email,
 * phone, date of birth (a real day, not after `today`), the home address in that country
 * (its postal code of that country's form), and in the US the last four digits of the SSN —
 * or, where the provider asks for the id number (`individual.id_number`, eventually due in
 * the US), the whole SSN, nine digits, which satisfies both. Elsewhere the id number, when
 * given, by the country's rule (`tax-ids.ts`: a GB NINO, a CA SIN, …).
 */
export function individualDetailsParamsSchema(
  country: string,
  today: () => number,
  options: { fullIdNumber?: boolean } = {},
) {
  return z.strictObject({
    individual: z
      .strictObject({
        first_name: text(100),
        last_name: text(100),
        email: z.email(),
        phone: z.string().check(z.regex(/^\+[0-9]{6,15}$/)),
        dob: dobSchema,
        address: z.strictObject({
          line1: text(200),
          line2: optionalText(200),
          city: text(100),
          state: stateCountries.includes(country) ? text(100) : optionalText(100),
          postal_code: text(20),
          country: z.literal(country),
        }),
        ...(country === "US"
          ? options.fullIdNumber
            ? { id_number: z.string().check(z.regex(/^\d{9}$/)) }
            : { ssn_last_4: z.string().check(z.regex(/^\d{4}$/)) }
          : {
              id_number: z.optional(
                z.string().check(z.refine((t) => checkAccountId("id_number", country, t).ok)),
              ),
            }),
      })
      .check(
        z.superRefine((person, ctx) => {
          const issue = dobIssue(person.dob, today());
          if (issue) ctx.issues.push(issue);
          if (!isValidPostalCode(country, person.address.postal_code))
            ctx.issues.push({
              code: "custom",
              path: ["address", "postal_code"],
              message: `Invalid postal_code for ${country}`,
              input: person.address.postal_code,
            });
        }),
      ),
  });
}
export type IndividualDetailsParams = z.output<ReturnType<typeof individualDetailsParamsSchema>>;

const fileId = z.string().check(z.regex(/^file_[A-Za-z0-9_]+$/));

/** The identity document step's body: the files' ids on the files host, front and back. */
export const identityDocumentParamsSchema = z.strictObject({
  individual: z.strictObject({
    verification: z.strictObject({
      document: z.strictObject({ front: fileId, back: z.optional(fileId) }),
    }),
  }),
});

/**
 * The terms step's body: the person accepted them at `date` (Unix seconds), under the full
 * or the recipient agreement. The provider records the address and browser they came from.
 */
export const termsAcceptanceParamsSchema = z.strictObject({
  tos_acceptance: z.strictObject({
    date: z.int().check(z.minimum(0)),
    service_agreement: z.enum(serviceAgreements),
  }),
});

/** A postal address in `country`: the state where the country names one, its postal code's form. */
export const addressIn = (country: string) =>
  z
    .strictObject({
      line1: text(200),
      line2: optionalText(200),
      city: text(100),
      state: stateCountries.includes(country) ? text(100) : optionalText(100),
      postal_code: text(20),
      country: z.literal(country),
    })
    .check(
      z.superRefine((address, ctx) => {
        if (!isValidPostalCode(country, address.postal_code))
          ctx.issues.push({
            code: "custom",
            path: ["postal_code"],
            message: `Invalid postal_code for ${country}`,
            input: address.postal_code,
          });
      }),
    );

/** A phone number in E.164 form (the kit's phone field sends it so). */
export const e164 = () => z.string().check(z.regex(/^\+[0-9]{6,15}$/));

/**
 * The company's body (`company[…]`) of an account in `country`: its legal name, its
 * registered address in that country, its phone and its tax id by the country's rule (a GB
 * CRN, a DE Handelsregisternummer, … `tax-ids.ts`). Onboarding's company step asks them all;
 * an edit of a company on file (account-management, `keepOnFile`) asks only the name and
 * leaves out what is not given, the provider keeping what it has (a tax id is never shown, so
 * it is typed only to change it).
 */
export function companyDetailsParamsSchema(
  country: string,
  options: { keepOnFile?: boolean } = {},
) {
  const taxId = z.string().check(z.refine((t) => checkAccountId("tax_id", country, t).ok));
  if (options.keepOnFile)
    return z.strictObject({
      company: z.strictObject({
        name: text(500),
        address: z.optional(addressIn(country)),
        phone: z.optional(e164()),
        tax_id: z.optional(taxId),
      }),
    });
  return z.strictObject({
    company: z.strictObject({
      name: text(500),
      address: addressIn(country),
      phone: e164(),
      tax_id: taxId,
    }),
  });
}
export type CompanyDetailsParams = z.output<ReturnType<typeof companyDetailsParamsSchema>>;

/**
 * A person of a company (`POST /v1/accounts/:id/persons[/:person]`) in `country`: names,
 * email, phone, date of birth (a real day, not after `today`), home address, in the US the
 * SSN's last four digits and elsewhere the id number by the country's rule when given, the
 * relationship (representative, owner with the percentage owned, director, executive,
 * title) and the identity document (its front required when `needsDocument`).
 */
export function companyPersonParamsSchema(
  country: string,
  today: () => number,
  options: { needsDocument?: boolean } = {},
) {
  const document = z.strictObject({ front: fileId, back: z.optional(fileId) });
  return z
    .strictObject({
      first_name: text(100),
      last_name: text(100),
      email: z.email(),
      phone: e164(),
      dob: dobSchema,
      address: addressIn(country),
      ...(country === "US"
        ? { ssn_last_4: z.string().check(z.regex(/^\d{4}$/)) }
        : {
            id_number: z.optional(
              z.string().check(z.refine((t) => checkAccountId("id_number", country, t).ok)),
            ),
          }),
      relationship: z.strictObject({
        representative: z.optional(z.boolean()),
        owner: z.optional(z.boolean()),
        director: z.optional(z.boolean()),
        executive: z.optional(z.boolean()),
        title: optionalText(100),
        percent_ownership: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
      }),
      verification: options.needsDocument
        ? z.strictObject({ document })
        : z.optional(z.strictObject({ document })),
    })
    .check(
      z.superRefine((person, ctx) => {
        const issue = dobIssue(person.dob, today());
        if (issue) ctx.issues.push(issue);
      }),
    );
}
export type CompanyPersonParams = z.output<ReturnType<typeof companyPersonParamsSchema>>;

/**
 * The persons step's attestations (`POST /v1/account`): every owner, director, executive is
 * on file; those `due` must be given.
 */
export function attestationParamsSchema(
  due: readonly (
    | "company.owners_provided"
    | "company.directors_provided"
    | "company.executives_provided"
  )[],
) {
  const given = (path: string) =>
    due.includes(path as (typeof due)[number]) ? z.literal(true) : z.optional(z.literal(true));
  return z.strictObject({
    company: z.strictObject({
      owners_provided: given("company.owners_provided"),
      directors_provided: given("company.directors_provided"),
      executives_provided: given("company.executives_provided"),
    }),
  });
}
