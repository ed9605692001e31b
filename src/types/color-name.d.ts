// color-name (the CSS colour keywords) ships no types: a table of names to [r, g, b] in 0–255.
declare module 'color-name' {
  const colours: Record<string, [number, number, number]>;
  export default colours;
}
