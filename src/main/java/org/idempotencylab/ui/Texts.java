package org.idempotencylab.ui;

import java.util.AbstractMap;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The words of one UI feature: its {@code texts.properties} bundle (UTF-8), beside the feature's classes under
 * {@code src/main/resources}, e.g. {@code org/idempotencylab/ui/live/texts.properties}. Labels, tooltips, notes,
 * captions and messages live there, not in controllers, so the UI's text can be read and translated in one
 * place. FXML files take the same bundle ({@code %key}) through {@link #bundle()}, or, when their loader has
 * none, through their controller ({@link #asMap()}).
 *
 * <p>Values with arguments use {@link String#format} patterns ({@code %s}, {@code %,d}), formatted in
 * {@link Locale#ROOT}, as every number in the lab is.
 */
public final class Texts {
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

    /**
     * @return the text under {@code key}
     * @throws MissingResourceException if there is none (a test loads every key a feature uses)
     */
    public String get(String key) {
        return bundle.getString(key);
    }

    /** @return the text under {@code key} with {@code args} put in its {@code %} placeholders. */
    public String format(String key, Object... args) {
        return String.format(Locale.ROOT, get(key), args);
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

    /**
     * The texts as a read-only map, for an FXML file whose loader has no resources: one reached through an
     * {@code fx:include} of a file loaded without them, where {@code %key} fails and an include's
     * {@code resources} attribute throws (JavaFX 21 reads it with the parent's bundle's class loader). Its
     * controller returns this map from {@code getTexts()}, and the FXML says {@code text="$controller.texts['key']"}.
     *
     * @return key to text; {@code get} of a key the bundle lacks throws {@link MissingResourceException}, so a
     *         misspelt key fails the load instead of showing nothing
     */
    public Map<String, String> asMap() {
        return new AbstractMap<>() {
            @Override
            public String get(Object key) {
                return bundle.getString((String) key);
            }

            @Override
            public boolean containsKey(Object key) {
                return key instanceof String k && bundle.containsKey(k);
            }

            @Override
            public Set<Entry<String, String>> entrySet() {
                return bundle.keySet().stream().map(k -> Map.entry(k, bundle.getString(k)))
                        .collect(Collectors.toUnmodifiableSet());
            }
        };
    }
}
