/** Moves a person confirmed: 1-based ply → the move as standard English SAN (check marks optional). */
export type Confirmations = ReadonlyMap<number, string>;
