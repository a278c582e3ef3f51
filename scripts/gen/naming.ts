export const camel = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const pascal = (id: string) => {
  const c = camel(id);
  return c[0].toUpperCase() + c.slice(1);
};
