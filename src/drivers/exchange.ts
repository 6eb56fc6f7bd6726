// Transitional, for src/drivers/mock-cm/ only: the exchange records moved to
// src/spec/exchange.ts (issue 19, vocabulary at the bottom). The mock's files are being
// rewritten on the `core` branch; when it is merged, point their imports at
// ../../spec/exchange.js and delete this file (test/architecture/layers.test.ts names it).
export * from '../spec/exchange.js';
