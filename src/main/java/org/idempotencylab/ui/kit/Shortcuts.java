package org.idempotencylab.ui.kit;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.ui.Texts;

/** Every keyboard shortcut of the lab, as the shortcut sheet (?) lists them; the words are the kit's texts. */
public final class Shortcuts {
    private static final Texts TEXTS = Texts.of(Shortcuts.class);

    private Shortcuts() {
    }

    /**
     * One line of the sheet.
     *
     * @param keys   e.g. "Ctrl+R"
     * @param action what they do
     * @param where  the sheet's heading they are listed under, e.g. "Anywhere in the window"
     */
    public record Shortcut(String keys, String action, String where) {
    }

    /** The shortcuts, the window's first, then the live tab's. */
    public static final List<Shortcut> ALL = list();

    private static List<Shortcut> list() {
        List<Shortcut> all = new ArrayList<>();
        for (String id : List.of("run", "export", "open", "save", "fullScreen", "presentation", "sheet", "quit")) {
            all.add(shortcut(id, "shortcuts.everywhere"));
        }
        for (String id : List.of("play", "step", "back", "reset", "crash")) {
            all.add(shortcut(id, "shortcuts.live"));
        }
        return List.copyOf(all);
    }

    private static Shortcut shortcut(String id, String where) {
        return new Shortcut(TEXTS.get("shortcut." + id + ".keys"), TEXTS.get("shortcut." + id + ".action"),
                TEXTS.get(where));
    }
}
