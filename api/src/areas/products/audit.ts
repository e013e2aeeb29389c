import { RESOURCES } from '@esim/contracts';
import { defineAuditEntity } from '../../audit';

/** A product's history: every field and price change, whoever made it (staff or a supplier sync). */
export const productAudit = defineAuditEntity('product', RESOURCES.products);
