// One word for a shell command line a person copies: takes a text, gives it as it is when it
// holds nothing the shell would read (letters, digits, / . _ - = : @ +), else single-quoted.
const PLAIN = /^[A-Za-z0-9/._\-=:@+]+$/;

export function shellWord(text: string): string {
  return PLAIN.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
