/**
 * Builds an UpdateExpression that sets every defined attribute and removes
 * every `undefined` one, leaving attributes it is not told about untouched
 * (marks that other areas keep on the item survive a replace).
 */
export const updateExpression = (attributes: Record<string, unknown>) => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const set: string[] = [];
  const remove: string[] = [];
  Object.entries(attributes).forEach(([name, value], index) => {
    names[`#a${index}`] = name;
    if (value === undefined) {
      remove.push(`#a${index}`);
    } else {
      values[`:a${index}`] = value;
      set.push(`#a${index} = :a${index}`);
    }
  });
  const clauses = [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''];
  return {
    UpdateExpression: clauses.filter(Boolean).join(' '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
};
