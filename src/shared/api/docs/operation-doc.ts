export type OperationDoc = { summary: string; description: string };

/** One entry per descriptor of an area, so a new route without words does not compile. */
export type OperationDocs<Area> = { [N in keyof Area]: OperationDoc };
