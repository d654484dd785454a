package org.idempotencylab.ui;

import java.lang.reflect.Constructor;
import java.util.HashMap;
import java.util.Map;
import javafx.util.Callback;

/**
 * The one controller factory every {@code FXMLLoader} uses: it builds a controller through its public
 * constructor, passing for each parameter the service registered for that parameter's type. Controllers then
 * take their view-model and services as constructor arguments, and tests register their own.
 */
public final class ControllerFactory implements Callback<Class<?>, Object> {
    private final Map<Class<?>, Object> services = new HashMap<>();

    /** Registers {@code service} as the argument for constructor parameters of type {@code type}. */
    public <T> ControllerFactory with(Class<T> type, T service) {
        services.put(type, service);
        return this;
    }

    /** @return whether a service is registered for {@code type} */
    public boolean has(Class<?> type) {
        return services.containsKey(type);
    }

    /**
     * @return the service registered for {@code type}
     * @throws IllegalStateException if there is none
     */
    public <T> T service(Class<T> type) {
        if (!has(type)) {
            throw new IllegalStateException("no service for " + type.getName());
        }
        return type.cast(services.get(type));
    }

    /**
     * @throws IllegalStateException if the controller has not exactly one public constructor, or a parameter
     *                               type has no registered service
     */
    @Override
    public Object call(Class<?> type) {
        Constructor<?>[] constructors = type.getConstructors();
        if (constructors.length != 1) {
            throw new IllegalStateException(type.getName() + " needs exactly one public constructor");
        }
        Constructor<?> c = constructors[0];
        Object[] args = new Object[c.getParameterCount()];
        Class<?>[] params = c.getParameterTypes();
        for (int i = 0; i < params.length; i++) {
            if (!services.containsKey(params[i])) {
                throw new IllegalStateException("no service for " + params[i].getName() + " in " + type.getName());
            }
            args[i] = services.get(params[i]);
        }
        try {
            return c.newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create " + type.getName(), e);
        }
    }
}
