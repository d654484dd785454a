package org.idempotencylab.ui;

import java.util.Enumeration;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words of one UI feature: its {@code texts.properties} bundle (UTF-8), beside the feature's classes under
 * {@code src/main/resources}, e.g. {@code org/idempotencylab/ui/live/texts.properties}. Labels, tooltips, notes,
 * captions and messages live there, not in controllers, so the UI's text can be read and translated in one
 * place. FXML files take the same bundle ({@code %key}) through {@link #bundle()}; an {@code fx:include} names
 * the included view's bundle in its {@code resources} attribute.
 *
 * <p>Values with arguments use {@link String#format} patterns ({@code %s}, {@code %,d}), formatted in
 * {@link Locale#ROOT}, as every number in the lab is. A count's noun takes both its forms in braces after the
 * count, {@code %,d {user|users} differ}: the first for exactly 1, the second for any other number ("1 user
 * differs", "2 users differ"), chosen by the nearest {@code %d} before it (a choice format, as
 * {@link java.text.ChoiceFormat}'s {@code 1#user|1<users}, in the bundle's own {@code %} style).
 */
public final class Texts {
    /** A format specifier ({@link java.util.Formatter}'s syntax), or a choice {@code {one|other}}. */
    private static final Pattern PART = Pattern.compile(
            "%(\\d+\\$)?([-#+ 0,(<]*)(\\d+)?(\\.\\d+)?([a-zA-Z%])|\\{([^{}|]*)\\|([^{}|]*)\\}");
    private final ResourceBundle bundle;

    private Texts(ResourceBundle bundle) {
        this.bundle = bundle;
    }

    /**
     * @param feature any class of the feature's package
     * @return that package's texts
     * @throws MissingResourceException if the package has no {@code texts.properties}
     */
    public static Texts of(Class<?> feature) {
        return new Texts(ResourceBundle.getBundle(feature.getPackageName() + ".texts", Locale.ROOT));
    }

    /** @return {@code s} with its first letter small: a label ("Users with …") inside a sentence */
    public static String lowerFirst(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }

    /**
     * @return the text under {@code key}
     * @throws MissingResourceException if there is none (a test loads every key a feature uses)
     */
    public String get(String key) {
        return bundle.getString(key);
    }

    /**
     * @return the text under {@code key} with {@code args} put in its {@code %} placeholders, each
     *         {@code {one|other}} choice by the count before it
     */
    public String format(String key, Object... args) {
        return String.format(Locale.ROOT, plurals(get(key), args), args);
    }

    /**
     * @return {@code pattern} with each {@code {one|other}} replaced by {@code one} when the nearest {@code %d}
     *         before it formats the number 1, else by {@code other}; a choice with no count before it is left as it is
     */
    static String plurals(String pattern, Object... args) {
        if (pattern.indexOf('{') < 0) {
            return pattern;
        }
        Matcher m = PART.matcher(pattern);
        StringBuilder out = new StringBuilder();
        int next = 0; // the argument an ordinary specifier takes
        int last = -1; // the argument the last specifier took
        Object count = null;
        while (m.find()) {
            if (m.group(5) != null) {
                char conversion = m.group(5).charAt(0);
                if (conversion != '%' && conversion != 'n') {
                    last = m.group(1) != null ? Integer.parseInt(m.group(1).replace("$", "")) - 1
                            : m.group(2).contains("<") ? last : next++;
                    if (conversion == 'd' && last >= 0 && last < args.length) {
                        count = args[last];
                    }
                }
                m.appendReplacement(out, Matcher.quoteReplacement(m.group()));
            } else {
                String chosen = count instanceof Number n ? n.longValue() == 1 ? m.group(6) : m.group(7) : m.group();
                m.appendReplacement(out, Matcher.quoteReplacement(chosen));
            }
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * @return the bundle, for {@code FXMLLoader#setResources} ({@code %key} in FXML). An {@code fx:include}'s
     *         {@code resources="org.idempotencylab.ui.compare.texts"} then finds the included view's bundle: the
     *         loader looks it up through the class loader of the including view's bundle class, which for a plain
     *         properties bundle is the bootstrap loader (and fails), for this one the lab's.
     */
    public ResourceBundle bundle() {
        return new LabBundle(bundle);
    }

    /** A bundle of the lab's own class, delegating to the properties file's. */
    private static final class LabBundle extends ResourceBundle {
        private final ResourceBundle texts;

        LabBundle(ResourceBundle texts) {
            this.texts = texts;
        }

        @Override
        protected Object handleGetObject(String key) {
            return texts.containsKey(key) ? texts.getObject(key) : null;
        }

        @Override
        public Enumeration<String> getKeys() {
            return texts.getKeys();
        }
    }
}
