/**
 * Colours a rule file may give (`colours [...]` in `game`, `colour:` in a
 * `show` block). The editor and the HTML simulation report put them in
 * styles and SVG attributes, so a shared rule file could otherwise smuggle
 * CSS into every viewer's page: `url(http://…)` would make the browser
 * request an outside address. A colour is therefore one of a closed set of
 * forms, never raw CSS: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, a CSS
 * colour name, or `rgb(…)`/`rgba(…)`/`hsl(…)`/`hsla(…)` of plain numbers.
 */

const NAMED = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown " +
    "burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan " +
    "darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid " +
    "darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet " +
    "deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro " +
    "ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki " +
    "lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow " +
    "lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray " +
    "lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine " +
    "mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise " +
    "mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab " +
    "orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru " +
    "pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown " +
    "seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan " +
    "teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent"
  ).split(" "),
);

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** Numbers (with `%` or `deg`) separated by commas, spaces or one `/`: nothing that can name a resource. */
const FUNCTIONAL = /^(?:rgba?|hsla?)\(\s*[-+]?[0-9.]+(?:%|deg)?(?:\s*[,/\s]\s*[-+]?[0-9.]+(?:%|deg)?){2,3}\s*\)$/;

/** True when `text` is a colour in one of the allowed forms. */
export function isColour(text: string): boolean {
  if (text.length === 0 || text.length > 64) return false;
  return HEX.test(text) || NAMED.has(text.toLowerCase()) || FUNCTIONAL.test(text.toLowerCase());
}

/** The colour itself when it is one of the allowed forms, otherwise undefined (draw the default instead). */
export function safeColour(value: unknown): string | undefined {
  return typeof value === "string" && isColour(value) ? value : undefined;
}
