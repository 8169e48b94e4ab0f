import type { GridErrorMap, GridRow } from './types.ts';

/** A grid in a tab pane of a form (its handle, or whatever validates and reads rows like one). */
export interface GridPane<R extends GridRow = GridRow> {
  paneKey: string;
  grid: { validate: () => Promise<GridErrorMap | null>; getValues: () => R[] } | null | undefined;
}

export type FormTablesResult<F, R extends GridRow = GridRow> =
  | { ok: true; form: F; tables: R[][] }
  | { ok: false; stage: 'form'; error: unknown }
  | { ok: false; stage: 'table'; index: number; paneKey: string; errors: GridErrorMap };

/**
 * §5 form plus tables: validates the form, then the tables in order; stops at the first invalid table,
 * activates its tab (`activate(paneKey)`) and reports its index, pane key and error map.
 */
export async function validateFormAndTables<F, R extends GridRow = GridRow>(
  validateForm: () => Promise<F>,
  panes: GridPane<R>[],
  activate: (paneKey: string) => void,
): Promise<FormTablesResult<F, R>> {
  let form: F;
  try {
    form = await validateForm();
  } catch (error) {
    return { ok: false, stage: 'form', error };
  }
  const tables: R[][] = [];
  for (const [index, pane] of panes.entries()) {
    if (!pane.grid) continue;
    const errors = await pane.grid.validate();
    if (errors) {
      activate(pane.paneKey);
      return { ok: false, stage: 'table', index, paneKey: pane.paneKey, errors };
    }
    tables.push(pane.grid.getValues());
  }
  return { ok: true, form, tables };
}
