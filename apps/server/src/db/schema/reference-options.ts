import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Searchable reference lists (institutes, boards) behind the autocomplete fields (spec §7). */
export const referenceOptions = pgTable(
  'reference_options',
  {
    kind: text('kind').$type<'institute' | 'board'>().notNull(),
    value: text('value').notNull(),
    name: text('name').notNull(),
    /** Where the source puts it (state or union territory, city); shown under the name. */
    state: text('state'),
    city: text('city'),
  },
  (t) => [
    primaryKey({ name: 'reference_options_pk', columns: [t.kind, t.value] }),
    index('reference_options_kind_name_idx').on(t.kind, t.name),
  ],
);
