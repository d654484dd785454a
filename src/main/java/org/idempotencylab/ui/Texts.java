package org.idempotencylab.ui;

import java.util.Enumeration;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * The words of one UI feature: its {@code texts.properties} bundle (UTF-8), beside the feature's classes under
 * {@code src/main/resources}, e.g. {@code org/idempotencylab/ui/live/texts.properties}. Labels, tooltips, notes,
 * captions and messages live there, not in controllers, so the UI's text can be read and translated in one
 * place. FXML files take the same bundle ({@code %key}) through {@link #bundle()}; an {@code fx:include} names
 * the included view's bundle in its {@code resources} attribute.
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
}
