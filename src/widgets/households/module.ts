// Households (issue 34): families and their payer, and the payments that settle a household's debts.
import { defineClientModule } from '../../core/client-module.js';

export const HOUSEHOLDS_MODULE = defineClientModule({
  name: 'households',
  routes: () => [],
  menu: [],
});
