package org.idempotencylab.ui;

import java.util.Enumeration;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * A feature's {@code texts.properties} as a bundle class of the lab's own, for an {@code fx:include} that names
 * it: {@code resources="org.idempotencylab.ui.live.LiveTexts"}. JavaFX looks an include's bundle up through the
 * class loader of the including view's bundle class; a bundle read straight from a properties file has the JDK's
 * loader, so a view included inside an included view (the key store inside the live view) could not find its
 * words. A subclass per included feature, declared in that feature's package, fixes that.
 */
public abstract class FeatureTexts extends ResourceBundle {
    private final ResourceBundle texts = ResourceBundle.getBundle(getClass().getPackageName() + ".texts",
            Locale.ROOT);

    @Override
    protected Object handleGetObject(String key) {
        return texts.containsKey(key) ? texts.getObject(key) : null;
    }

    @Override
    public Enumeration<String> getKeys() {
        return texts.getKeys();
    }
}
